import { createContext, useContext } from "react";

/**
 * True on a light page (core/shared/save-data.ts): the public layout provides it on the server, and
 * each island gets it back in the browser from its `data-save-data` attribute (app/islands).
 */
export const SaveDataContext = createContext(false);

export const useSaveData = () => useContext(SaveDataContext);
