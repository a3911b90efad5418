import { hydrateRoot } from "react-dom/client";
import { ISLANDS, type IslandName } from "./registry";

/**
 * Hydrates each island of the page as its own root, as soon as its code arrives. Each root gets
 * its own id prefix, so ids React makes in the browser (useId) never collide between islands.
 */
document.querySelectorAll<HTMLElement>("[data-island]").forEach((element, index) => {
  const name = element.dataset.island as IslandName;
  const props = JSON.parse(element.dataset.props ?? "{}");
  void ISLANDS[name]().then((Component) =>
    hydrateRoot(element, <Component {...props} />, { identifierPrefix: `${name}-${index}-` }),
  );
});
