import { mayOpen } from "../../core/access/admin-screens";
import type { StaffRole } from "../../core/access/roles";

/** Spec §2 Admin sidebar, in order; the dashboard shows a tile for each entry after the first. */
export interface AdminArea {
  title: string;
  path: string;
  description: string;
}

export const ADMIN_AREAS: AdminArea[] = [
  { title: "Dashboard", path: "/admin", description: "Overview" },
  { title: "Blogs", path: "/admin/blogs", description: "Write and edit blog posts" },
  { title: "Gallery", path: "/admin/gallery", description: "Photos from programmes and events" },
  { title: "Videos", path: "/admin/videos", description: "Impact videos from YouTube" },
  { title: "Publications", path: "/admin/publications", description: "News features and publications" },
  { title: "Subscribers", path: "/admin/subscribe", description: "Newsletter subscribers" },
  { title: "Newsletters", path: "/admin/newsletters", description: "Write, test and send newsletters" },
  { title: "Volunteers", path: "/admin/volunteers", description: "Volunteer applications" },
  { title: "Messages", path: "/admin/messages", description: "Messages from the contact form" },
  { title: "People", path: "/admin/people", description: "Everything held about a supporter: export, correct, erase" },
  { title: "Site content", path: "/admin/site", description: "Words, figures and pictures of the public pages" },
  { title: "Donations", path: "/admin/donations", description: "Card donations, monthly donors and totals" },
  { title: "Supporters wall", path: "/admin/supporters", description: "Approve or hide donors' names on the wall" },
  { title: "Insight", path: "/admin/insight", description: "Visitors, where they came from, and the donation funnel" },
  { title: "Campaigns", path: "/admin/campaigns", description: "Tagged links, short links and QR codes for appeals" },
  { title: "Staff", path: "/admin/staff", description: "Who can sign in, their roles, and invitations" },
  { title: "Activity", path: "/admin/activity", description: "Who did what, and when" },
  { title: "Privacy", path: "/admin/privacy", description: "Data retention and records of processing" },
];

/** The areas a role may open (core/access/admin-screens.ts), in sidebar order. */
export const areasFor = (role: StaffRole): AdminArea[] => ADMIN_AREAS.filter((area) => mayOpen(role, area.path));
