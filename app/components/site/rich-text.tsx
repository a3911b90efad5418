/**
 * Site-content rich text: HTML the blog editor made, sanitised by the server when stored and when
 * read (core/site-content/site-content.service.ts), so it is safe to place as it is.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the site-content service.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
