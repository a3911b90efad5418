import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { api } from "../../lib/api-client";

/** Dispatched by the messages screen when a message is read or deleted. */
export const MESSAGES_CHANGED_EVENT = "admin:messages-changed";

/** The sidebar's count of unread contact messages, next to "Messages". */
export function UnreadMessagesBadge() {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshed on every page change too
  useEffect(() => {
    let active = true;
    const refresh = () =>
      api<{ count: number }>("/api/messages/admin/unread-count")
        .then((body) => active && setCount(body.count))
        .catch(() => {
          // The badge is a hint; the messages screen reports real failures.
        });
    void refresh();
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh);
    return () => {
      active = false;
      window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh);
    };
  }, [pathname]);

  if (count === 0) return null;
  return (
    <span
      data-testid="unread-messages"
      className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white"
    >
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
