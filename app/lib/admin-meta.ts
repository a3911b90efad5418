import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "./seo";

/** Every admin page: its own title and noindex (spec §1). */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | Admin | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];
