import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { NEWSLETTER_STATE_LABELS } from "../../../core/newsletters/newsletters.constants";
import type { ListedNewsletter, Newsletter } from "../../../core/newsletters/newsletters.schema";
import { EmptyState } from "../../components/admin/empty-state";
import { adminMeta } from "../../lib/admin-meta";
import { api, errorMessage } from "../../lib/api-client";

export const meta = () => adminMeta("Newsletters");

const button =
  "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light disabled:opacity-50";

const when = (n: Newsletter) => {
  if (n.state === "sent" && n.sentAt) return `Sent ${format(new Date(n.sentAt), "MMM d, yyyy")}`;
  if (n.state === "scheduled" && n.scheduledAt) return `For ${format(new Date(n.scheduledAt), "MMM d, yyyy h:mm a")}`;
  return `Edited ${format(new Date(n.updatedAt), "MMM d, yyyy")}`;
};

/** Admin → Newsletters: every newsletter, newest first; new ones from scratch or from a blog post. */
export default function AdminNewsletters() {
  const navigate = useNavigate();
  const [newsletters, setNewsletters] = useState<ListedNewsletter[] | null>(null);
  const [posts, setPosts] = useState<Array<{ _id: string; title: string }>>([]);
  const [postId, setPostId] = useState("");

  useEffect(() => {
    api<ListedNewsletter[]>("/api/newsletters")
      .then(setNewsletters)
      .catch(() => {
        toast.error("Failed to fetch newsletters.");
        setNewsletters([]);
      });
    api<Array<{ _id: string; title: string }>>("/api/blogs")
      .then(setPosts)
      .catch(() => setPosts([]));
  }, []);

  async function fromPost() {
    try {
      const created = await api<Newsletter>("/api/newsletters/from-post", { method: "POST", json: { postId } });
      navigate(`/admin/newsletters/${created._id}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not make a newsletter from that post."));
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Newsletters</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/welcome-emails" className="text-sm font-semibold text-brand hover:underline">
            Welcome e-mails
          </Link>
          <Link
            to="/admin/newsletters/new"
            className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white"
          >
            New newsletter
          </Link>
        </div>
      </div>
      {posts.length > 0 && (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium">
            Start from a blog post
            <select
              value={postId}
              onChange={(event) => setPostId(event.target.value)}
              className="mt-1 block max-w-xs rounded-lg border px-3 py-2"
            >
              <option value="">Choose a post</option>
              {posts.map((post) => (
                <option key={post._id} value={post._id}>
                  {post.title}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={!postId} onClick={fromPost} className={button}>
            Make newsletter
          </button>
        </div>
      )}
      {newsletters === null ? (
        <p className="mt-8 text-muted">Loading newsletters...</p>
      ) : newsletters.length === 0 ? (
        <EmptyState title="No newsletters yet">Write one, or start from a blog post.</EmptyState>
      ) : (
        <ul className="mt-6 divide-y rounded-2xl border bg-white shadow-sm">
          {newsletters.map((n) => (
            <li key={n._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/newsletters/${n._id}`} className="font-semibold text-brand hover:underline">
                  {n.subject}
                </Link>
                {n.breachLetter && (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                    Breach letter · not sent to subscribers
                  </span>
                )}
              </span>
              <span className="text-sm text-muted">
                {NEWSLETTER_STATE_LABELS[n.state]} · {when(n)}
                {n.recipients !== null ? ` · ${n.recipients} recipients` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
