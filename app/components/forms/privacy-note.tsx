import { useI18n } from "../../i18n/i18n";

/** Under every public form: what happens to what the visitor sends, and a link to /privacy. */
export function PrivacyNote({ className = "text-muted" }: { className?: string }) {
  const { t, path } = useI18n();
  return (
    <p className={`text-sm ${className}`}>
      {t("forms.privacyNote")}{" "}
      <a href={path("/privacy")} className="font-semibold underline">
        {t("forms.privacyLink")}
      </a>
    </p>
  );
}
