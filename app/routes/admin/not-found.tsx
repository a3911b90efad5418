import { Link } from "react-router";
import { adminMeta } from "../../lib/admin-meta";

export const meta = () => adminMeta("Not found");

export default function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Sorry, page not found!</h1>
      <Link to="/admin" className="mt-6 inline-block font-semibold text-brand underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
