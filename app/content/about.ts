/**
 * "Who We Are" page structure. Its words and pictures are site content, edited in the back office
 * (core/site-content).
 */
export type { BoardMember, TeamMember } from "../../core/site-content/site-content.schema";

/** Section anchors of /about (spec §2); the navigation links to them. */
export const ABOUT_SECTIONS = [
  { id: "vision-mission", title: "Vision & Mission" },
  { id: "story", title: "Our Story" },
  { id: "theory-of-change", title: "Theory of Change" },
  { id: "values", title: "Our Values" },
  { id: "team", title: "Our Team" },
  { id: "board", title: "Board" },
] as const;
