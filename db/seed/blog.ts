import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import type { Services } from "../../server/services.ts";
import { demoPicture } from "./demo-pictures.ts";

const POSTS = [
  {
    title: "A classroom inside the prison walls",
    excerpt:
      "How a small early-childhood centre gives the children who live with their mothers in prison a place to play and learn.",
    authorName: "Hanna Tesfaye",
    authorLinkedin: "https://www.linkedin.com/",
    content:
      "<p>Some children in Ethiopia grow up <strong>inside prison</strong> because their mothers are serving a sentence and there is nobody else to care for them.</p>" +
      "<h2>What the centre offers</h2><ul><li>Daily play and early learning</li><li>Meals and health check-ups</li><li>Time with their mothers</li></ul>" +
      "<blockquote><p>For the first time my daughter sings the songs she learns at school.</p></blockquote>" +
      '<p>Read more about <a href="https://www.unicef.org/">early childhood development</a>.</p>',
  },
  {
    title: "Sewing machines and second chances",
    excerpt: "Vocational training lets women earn while they serve their sentence and leave with a skill.",
    authorName: "Meron Alemu",
    authorLinkedin: "",
    content:
      "<p>Each month the women in our training programme make more than <em>140 products</em>: school uniforms, bags and scarves.</p>" +
      "<h3>From training to income</h3><p>Sales pay a small wage and build savings for the day they go home.</p>",
  },
  {
    title: "Going home: the first ninety days",
    excerpt:
      "Reintegration is hardest right after release. Here is how we help families through the first three months.",
    authorName: "Dawit Bekele",
    authorLinkedin: "https://www.linkedin.com/",
    content:
      "<p>Release day is joyful and frightening. Our social workers meet each woman at the gate and stay in touch for <u>ninety days</u>.</p>" +
      "<ol><li>Housing for the first weeks</li><li>School places for the children</li><li>A small grant to restart a business</li></ol>",
  },
];

const PUBLICATIONS = [
  {
    title: "The children who grow up behind bars",
    description: "A feature on the children living with their incarcerated mothers and the centre that cares for them.",
    link: "https://example.org/news/children-behind-bars",
    publicationDate: "2026-09-14",
  },
  {
    title: "Annual report 2025",
    description: "Our programmes, finances and the families we worked with last year.",
    link: "https://example.org/reports/2025",
    publicationDate: "2026-03-02",
  },
  {
    title: "Radio interview: reintegration after prison",
    description: "Our founder talks about the first months after release and what helps families stay together.",
    link: "https://example.org/radio/reintegration",
    publicationDate: "2025-11-20",
  },
];

/** Demo posts and publications with locally drawn pictures, created through the services. */
export async function seedBlogDemo(services: Services): Promise<void> {
  for (const [index, post] of POSTS.entries()) {
    await services.blogs.create(post, await demoPicture(`post-${index + 1}`), SYSTEM_ACTOR);
  }
  for (const [index, publication] of PUBLICATIONS.entries()) {
    await services.publications.create(publication, await demoPicture(`publication-${index + 1}`), SYSTEM_ACTOR);
  }
}
