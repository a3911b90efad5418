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
  { title: "Volunteers", path: "/admin/volunteers", description: "Volunteer applications" },
  { title: "Messages", path: "/admin/messages", description: "Messages from the contact form" },
  { title: "Donations", path: "/admin/donations", description: "Card donations, monthly donors and totals" },
];
