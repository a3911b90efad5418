/**
 * "Who We Are" page structure. Its words and pictures are site content, edited in the back office
 * (core/site-content).
 */
import type { MessageKey } from "../i18n/en";

export type { BoardMember } from "../../core/site-content/site-content.schema";

/** Section anchors of /about (spec §2); the navigation links to them. */
export const ABOUT_SECTIONS = [
  { id: "vision-mission", title: "nav.visionMission" },
  { id: "story", title: "nav.ourStory" },
  { id: "theory-of-change", title: "nav.theoryOfChange" },
  { id: "values", title: "nav.ourValues" },
  { id: "team", title: "nav.ourTeam" },
  { id: "board", title: "nav.board" },
] as const satisfies ReadonlyArray<{ id: string; title: MessageKey }>;
