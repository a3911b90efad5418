/** Simple line glyphs for the footer's social links (decorative: the link carries the name). */
const GLYPHS: Record<string, React.ReactNode> = {
  Facebook: <path d="M14 8h2.5V4.5H14c-2.5 0-4 1.6-4 4V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V8.8c0-.5.3-.8.5-.8z" />,
  Instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" />
    </>
  ),
  LinkedIn: (
    <>
      <rect x="4" y="9" width="3.5" height="11" />
      <circle cx="5.75" cy="5.5" r="2" />
      <path d="M10 9h3.3v1.6c.6-1 1.8-1.9 3.6-1.9 3 0 4.1 1.9 4.1 5V20h-3.5v-5.6c0-1.5-.4-2.6-1.8-2.6-1.5 0-2.2 1.1-2.2 2.6V20H10z" />
    </>
  ),
  YouTube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="M10 9v6l5-3z" fill="#083f49" />
    </>
  ),
};

export function SocialIcon({ name }: { name: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      {GLYPHS[name]}
    </svg>
  );
}
