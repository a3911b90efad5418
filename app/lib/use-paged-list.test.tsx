import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Pagination } from "../components/admin/list-controls";
import { ADMIN_PAGE_SIZE, usePagedList } from "./use-paged-list";

function PagedNames({ count }: { count: number }) {
  const names = Array.from({ length: count }, (_, i) => `Applicant ${i + 1}`);
  const list = usePagedList(names, (name) => name);
  return (
    <>
      <ul>
        {list.pageItems.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        pageSize={list.pageSize}
        total={list.filtered.length}
        onPage={list.setPage}
        noun="applications"
      />
    </>
  );
}

const render = (count: number) => {
  const html = renderToStaticMarkup(<PagedNames count={count} />);
  return {
    rows: html.match(/<li>/g)?.length ?? 0,
    pages: html.match(/Page 1 of (\d+)/)?.[1],
    nextDisabled: /<button[^>]*disabled=""[^>]*>Next<\/button>/.test(html),
  };
};

describe("admin list pages", () => {
  it("counts a list that ends exactly at the page size as one page, with no Next", () => {
    expect(ADMIN_PAGE_SIZE).toBe(25);
    expect(render(25)).toEqual({ rows: 25, pages: "1", nextDisabled: true });
    expect(render(50)).toEqual({ rows: 25, pages: "2", nextDisabled: false });
  });

  it("adds a page for one row past the size, and shows nothing to page through when empty", () => {
    expect(render(24)).toEqual({ rows: 24, pages: "1", nextDisabled: true });
    expect(render(26)).toEqual({ rows: 25, pages: "2", nextDisabled: false });
    expect(render(0)).toEqual({ rows: 0, pages: undefined, nextDisabled: false });
  });
});
