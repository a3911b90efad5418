import { useI18n } from "../../i18n/i18n";

/** Under every public form: what happens to what the visitor sends, and a link to /privacy. */
export function PrivacyNote({ className = "text-muted" }: { className?: string }) {
  const { t, path } = useI18n();
  return (
    // leading-7: a focus ring (5 px round the link) stays clear of the lines above and below it.
    <p className={`text-sm leading-7 ${className}`}>
      {t("forms.privacyNote")}{" "}
      <a href={path("/privacy")} className="font-semibold underline">
        {t("forms.privacyLink")}
      </a>
    </p>
  );
}
