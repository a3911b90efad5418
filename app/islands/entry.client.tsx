import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type I18nData, I18nProvider } from "../i18n/i18n";
import { rememberLanding } from "../lib/came-from";
import { SaveDataContext } from "../lib/save-data";
import { I18N_SCRIPT_ID } from "./island";
import { rememberLanguageChoices } from "./language-choice";
import { ISLANDS, type IslandName } from "./registry";

/** Marks the island's element once React has hydrated it: from then on it answers clicks and keys. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "";
  }, [element]);
  return children;
}

/**
 * Hydrates each island of the page as its own root, as soon as its code arrives. Each root gets
 * its own id prefix, so ids React makes in the browser (useId) never collide between islands.
 */
// The tab's first landing, before any form reads it (docs/decisions/0800-attribution.md).
rememberLanding();

// The page's language and its islands' texts, in that language only (docs/decisions/0410).
const i18n = JSON.parse(document.getElementById(I18N_SCRIPT_ID)?.textContent ?? "{}") as I18nData;

document.querySelectorAll<HTMLElement>("[data-island]").forEach((element, index) => {
  const name = element.dataset.island as IslandName;
  const props = JSON.parse(element.dataset.props ?? "{}");
  void ISLANDS[name]().then((Component) =>
    hydrateRoot(
      element,
      <I18nProvider value={i18n}>
        <Hydrated element={element}>
          <SaveDataContext.Provider value={element.hasAttribute("data-save-data")}>
            <Component {...props} />
          </SaveDataContext.Provider>
        </Hydrated>
      </I18nProvider>,
      { identifierPrefix: `${name}-${index}-` },
    ),
  );
});

rememberLanguageChoices();
