/**
 * Site-content rich text: HTML the blog editor made, sanitised by the server when stored and when
 * read (core/site-content/site-content.service.ts), so it is safe to place as it is.
 */
export function RichText({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the site-content service.
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
