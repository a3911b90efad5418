import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render, toPlainText } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h, type ReactNode } from "react";
import type { EmailContent, RenderedEmail } from "./render-email.ts";

/**
 * How the site's e-mails look: React Email components with inline styles that survive Gmail and
 * Outlook, and the plain-text part written from the same content. Loaded by the first e-mail a
 * process renders (render-email.ts), not at start. Plain `createElement`, not JSX: core/ runs in
 * Node without a build step (docs/decisions/0001-no-server-build.md).
 */

const BRAND = "#0b5563";
const INK = "#1c2530";
const MUTED = "#4b5563";
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: "#faf6f0", fontFamily: font, color: INK, margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", maxWidth: "560px", padding: "32px", borderRadius: "8px" },
  brand: { color: BRAND, fontSize: "14px", fontWeight: 700, letterSpacing: "0.04em", margin: "0 0 16px" },
  heading: { fontSize: "22px", lineHeight: "30px", margin: "0 0 16px", color: INK },
  text: { fontSize: "16px", lineHeight: "26px", margin: "0 0 16px", whiteSpace: "pre-wrap" as const },
  label: { fontSize: "13px", lineHeight: "20px", margin: "0", color: MUTED },
  value: { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px", whiteSpace: "pre-wrap" as const },
  button: {
    backgroundColor: BRAND,
    color: "#ffffff",
    borderRadius: "6px",
    padding: "12px 20px",
    fontSize: "16px",
    fontWeight: 600,
    textDecoration: "none",
  },
  link: { fontSize: "13px", lineHeight: "20px", color: MUTED, wordBreak: "break-all" as const },
  footer: { fontSize: "13px", lineHeight: "20px", color: MUTED, margin: "0 0 8px" },
  footerLink: { color: MUTED, textDecoration: "underline" },
  image: {
    display: "block",
    border: "none",
    outline: "none",
    width: "100%",
    maxWidth: "496px",
    height: "auto",
    borderRadius: "6px",
    margin: "0 0 20px",
  },
};

/** Inline styles for the editor's tags: mail clients drop <style> blocks, not style attributes. */
const RICH_STYLES: Record<string, string> = {
  p: "font-size:16px;line-height:26px;margin:0 0 16px;",
  h2: `font-size:20px;line-height:28px;margin:24px 0 12px;color:${INK};`,
  h3: `font-size:18px;line-height:26px;margin:20px 0 8px;color:${INK};`,
  a: `color:${BRAND};text-decoration:underline;`,
  blockquote: `margin:0 0 16px;padding:0 0 0 16px;border-left:4px solid ${BRAND};font-style:italic;`,
  ul: "margin:0 0 16px;padding:0 0 0 24px;",
  ol: "margin:0 0 16px;padding:0 0 0 24px;",
  li: "font-size:16px;line-height:26px;margin:0 0 4px;",
};

/** Gives the editor's tags their inline styles; a tag that already has its own (e.g. a table button's link) keeps them. */
function styleRichHtml(html: string): string {
  return html.replace(
    /<(p|h2|h3|a|blockquote|ul|ol|li)(?=[\s>])(?![^>]*\sstyle=)/g,
    (tag, name: string) => `${tag} style="${RICH_STYLES[name]}"`,
  );
}

const filledDetails = (content: EmailContent) =>
  (content.details ?? []).filter(([, value]) => value !== undefined && value !== null && value !== "");

function EmailLayout({ content }: { content: EmailContent }): ReactNode {
  const paragraphs = (texts: readonly string[] | undefined) =>
    (texts ?? []).map((text, i) => h(Text, { key: i, style: styles.text }, text));
  return h(
    Html,
    { lang: content.lang ?? "en" },
    // Light only: some clients invert colours in dark mode and would make the brand colours unreadable.
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light only" }),
      h("meta", { name: "supported-color-schemes", content: "light only" }),
    ),
    content.preview ? h(Preview, null, content.preview) : null,
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, "HOPE BEHIND BARS"),
        content.image ? h("img", { src: content.image.url, alt: content.image.alt, style: styles.image }) : null,
        h(Heading, { as: "h1", style: styles.heading }, content.heading),
        ...paragraphs(content.intro),
        content.html
          ? // biome-ignore lint/security/noDangerouslySetInnerHtml: the feature sanitised it (EmailContent.html)
            h("div", { dangerouslySetInnerHTML: { __html: styleRichHtml(content.html) } })
          : null,
        ...filledDetails(content).map(([label, value], i) =>
          h(
            Section,
            { key: `d${i}` },
            h(Text, { style: styles.label }, label),
            h(Text, { style: styles.value }, String(value)),
          ),
        ),
        ...paragraphs(content.body),
        content.action
          ? h(
              Section,
              { style: { margin: "8px 0 24px" } },
              h(Button, { href: content.action.url, style: styles.button }, content.action.label),
              h(Text, { style: styles.link }, content.action.url),
            )
          : null,
        content.footer?.length
          ? [
              h(Hr, { key: "hr", style: { borderColor: "#e5e7eb", margin: "24px 0 16px" } }),
              ...content.footer.map((line, i) => h(Text, { key: `f${i}`, style: styles.footer }, line)),
            ]
          : null,
        content.footerLinks?.length
          ? h(
              Text,
              { style: styles.footer },
              ...content.footerLinks.flatMap((link, i) => [
                i > 0 ? " · " : null,
                h(Link, { key: `l${i}`, href: link.url, style: styles.footerLink }, link.label),
              ]),
            )
          : null,
      ),
    ),
  );
}

function plainText(content: EmailContent): string {
  const blocks: string[] = [content.heading, ...content.intro];
  const textHtml = content.textHtml ?? content.html;
  if (textHtml) blocks.push(toPlainText(textHtml, { wordwrap: 78 }).trim());
  const details = filledDetails(content).map(([label, value]) => {
    const text = String(value);
    return text.includes("\n") ? `${label}:\n${text}` : `${label}: ${text}`;
  });
  if (details.length) blocks.push(details.join("\n"));
  blocks.push(...(content.body ?? []));
  if (content.action) blocks.push(`${content.action.label}: ${content.action.url}`);
  const footer = [
    ...(content.footer ?? []),
    ...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
  ];
  if (footer.length) blocks.push(`--\n${footer.join("\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

export async function renderEmailNow(content: EmailContent): Promise<RenderedEmail> {
  const html = await render(h(EmailLayout, { content }));
  return { subject: content.subject, text: plainText(content), html };
}
