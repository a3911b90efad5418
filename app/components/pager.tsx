import { Link } from "react-router";
import type { MessageKey } from "../i18n/en";
import { useI18n } from "../i18n/i18n";
import { pageHref } from "../lib/public-page";

interface PagerProps {
  /** The list's path without its language prefix, e.g. "/blog". */
  listPath: string;
  page: number;
  pageCount: number;
  /** What the nav is called, and its links to newer and older items. */
  labels: { nav: MessageKey; newer: MessageKey; older: MessageKey };
}

/** Links to a public list's newer and older pages: plain links, so they work without JavaScript (0725). */
export function Pager({ listPath, page, pageCount, labels }: PagerProps) {
  const { t, path } = useI18n();
  if (pageCount <= 1) return null;
  const link = "rounded-full px-5 py-2.5 font-semibold text-brand ring-1 ring-brand/40 hover:bg-sand";
  return (
    <nav aria-label={t(labels.nav)} className="mt-10 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link rel="prev" className={link} to={path(pageHref(listPath, page - 1))}>
          <span aria-hidden="true">← </span>
          {t(labels.newer)}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-muted">{t("pager.position", { page, count: pageCount })}</p>
      {page < pageCount ? (
        <Link rel="next" className={link} to={path(pageHref(listPath, page + 1))}>
          {t(labels.older)}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
