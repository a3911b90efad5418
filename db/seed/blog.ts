import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import type { Services } from "../../server/services.ts";
import { demoPicture } from "./demo-pictures.ts";

const DAY = 24 * 60 * 60_000;

const para = (...sentences: string[]) => `<p>${sentences.join(" ")}</p>`;

/** Three demo posts of real length, published weeks apart (`daysAgo`). */
const POSTS = [
  {
    daysAgo: 6,
    title: "A classroom inside the prison walls",
    excerpt:
      "How a small early-childhood centre gives the children who live with their mothers in prison a place to play and learn.",
    authorName: "Hanna Tesfaye",
    authorLinkedin: "https://www.linkedin.com/",
    content: [
      para(
        "Some children in Ethiopia grow up <strong>inside prison</strong> because their mothers are serving a sentence and there is nobody else to care for them.",
        "Until last year, the youngest of them spent their days in the same crowded courtyard as everyone else, with nothing to play with and nobody whose job it was to teach them.",
      ),
      para(
        "The early-childhood centre changed that. It is one room with a painted floor, low shelves of picture books in Amharic and English, and two teachers who know every child by name.",
        "Twenty-six children between two and six years old come every weekday morning.",
      ),
      "<h2>What the centre offers</h2><ul><li>Daily play and early learning, with songs, counting and first letters</li><li>A hot meal and regular health check-ups</li><li>Time with their mothers, who join a reading hour every Friday</li></ul>",
      para(
        "The teachers keep a short note on each child: the first word written, the first time a shy boy joined a game.",
        "When a mother is released, the note goes with the family to the school the child will attend outside.",
      ),
      "<blockquote><p>For the first time my daughter sings the songs she learns at school.</p></blockquote>",
      para(
        "None of this is expensive. A year of the centre costs less than a single month of many city nurseries, and every birr of it comes from donors.",
        'Read more about why the first years matter in UNICEF\'s work on <a href="https://www.unicef.org/">early childhood development</a>.',
      ),
    ].join(""),
  },
  {
    daysAgo: 34,
    title: "Sewing machines and second chances",
    excerpt: "Vocational training lets women earn while they serve their sentence and leave with a skill.",
    authorName: "Meron Alemu",
    authorLinkedin: "",
    content: [
      para(
        "Each month the women in our training programme make more than <em>140 products</em>: school uniforms, shopping bags, scarves and the occasional wedding dress.",
        "Three years ago the workshop had four borrowed machines; today it has eighteen, most of them bought with gifts of a few dollars each.",
      ),
      "<h3>From training to income</h3>",
      para(
        "Training takes six months. The women start on straight seams and pillowcases and finish with fitted garments cut from their own patterns.",
        "A local cooperative buys what they make at a fair price, and sales pay each woman a small wage.",
      ),
      para(
        "Half of the wage goes home to the children or relatives who care for them; the other half is saved for the day of release.",
        "Last year, eleven women left prison with savings and a certificate, and seven of them now sew for a living.",
      ),
      "<blockquote><p>The machine does not ask where you have been. It only asks if your seam is straight.</p></blockquote>",
      para(
        "What the workshop needs most now is a second overlocker and fabric for the school-uniform season.",
        "A gift to the vocational training card on our home page goes straight to both.",
      ),
    ].join(""),
  },
  {
    daysAgo: 81,
    title: "Going home: the first ninety days",
    excerpt:
      "Reintegration is hardest right after release. Here is how we help families through the first three months.",
    authorName: "Dawit Bekele",
    authorLinkedin: "https://www.linkedin.com/",
    content: [
      para(
        "Release day is joyful and frightening. Our social workers meet each woman at the gate and stay in touch for <strong>ninety days</strong>,",
        "the weeks when most of the difficulties come at once: somewhere to live, a school for the children, and a way to earn.",
      ),
      "<h2>What the first three months look like</h2><ol><li>Housing for the first weeks, with a family member or in a room we rent</li><li>School places for the children, arranged before the release date</li><li>A small grant to restart a business, with a mentor who visits every fortnight</li></ol>",
      para(
        "The grants are modest, usually enough for a sewing machine, a coffee stall or a stock of vegetables to sell.",
        "Most women have already planned their business in prison with our trainers, so the money is spent in the first week.",
      ),
      para(
        "Families matter most. Many women have not seen their older children for years, and the first visits can be hard.",
        "Our social workers go with them, and the children's school teachers are told, with the mother's consent, what the family is going through.",
      ),
      "<blockquote><p>I was afraid my son would not know me. He remembered the songs I sang at visits.</p></blockquote>",
      para(
        "Of the women who went home last year, nine in ten were still living with their children after the ninety days.",
        "That is the figure we are proudest of, and the one your support makes possible.",
      ),
    ].join(""),
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
  const { db } = services.database;
  const now = services.clock().getTime();
  // Oldest first, each dated as written weeks apart: the blog reads as a blog, not one day's batch.
  for (const [index, { daysAgo, ...post }] of [...POSTS.entries()].reverse()) {
    const created = await services.blogs.create(post, await demoPicture(`post-${index + 1}`), SYSTEM_ACTOR);
    const at = new Date(now - daysAgo * DAY).toISOString();
    await db.updateTable("blog_posts").set({ created_at: at, updated_at: at }).where("id", "=", created._id).execute();
  }
  for (const [index, publication] of PUBLICATIONS.entries()) {
    await services.publications.create(publication, await demoPicture(`publication-${index + 1}`), SYSTEM_ACTOR);
  }
}
