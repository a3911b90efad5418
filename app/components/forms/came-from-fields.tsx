import { useEffect, useRef } from "react";
import { ATTRIBUTION_FIELDS, type Attribution, saysWhereFrom } from "../../../core/campaigns/attribution";
import { landingAttribution, useCameFrom } from "../../lib/came-from";

const KEYS = Object.keys(ATTRIBUTION_FIELDS) as Array<keyof Attribution>;

/**
 * Where the visitor first came from, as hidden fields of a public form (docs/decisions/0800-attribution.md).
 * The server writes the page's own UTM tags (so a form posted without JavaScript carries them); once
 * the page's JavaScript runs, the tab's first landing (sessionStorage) takes their place when it says
 * where the visit came from, and adds its page.
 */
export function CameFromFields() {
  const fromPage = useCameFrom();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const landing = landingAttribution();
    if (!landing || !ref.current) return;
    // A landing that says where the visit came from replaces the page's own tags; one that names only
    // its page adds that, and the page's tags stay.
    const whole = saysWhereFrom(landing);
    for (const input of ref.current.querySelectorAll("input")) {
      const key = KEYS.find((name) => ATTRIBUTION_FIELDS[name] === input.name);
      if (key && (whole || key === "landing")) input.value = landing[key];
    }
  }, []);
  return (
    <span ref={ref} hidden>
      {KEYS.map((key) => (
        <input key={key} type="hidden" name={ATTRIBUTION_FIELDS[key]} defaultValue={fromPage?.[key] ?? ""} />
      ))}
    </span>
  );
}
