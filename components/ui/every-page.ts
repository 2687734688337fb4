// Pickers and name lookups need every row of a paged list (every sender of the workspace, every
// lead list), not its first page: this reads page after page, 100 at a time, until the total.
export const PICKER_PAGE = 100;

export async function fetchEveryPage<Page extends { total: number }, Row>(
  fetchPage: (paging: { limit: number; offset: number }) => Promise<Page>,
  rowsOf: (page: Page) => Row[],
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += PICKER_PAGE) {
    const page = await fetchPage({ limit: PICKER_PAGE, offset });
    const pageRows = rowsOf(page);
    rows.push(...pageRows);
    if (pageRows.length < PICKER_PAGE || rows.length >= page.total) return { rows, total: page.total };
  }
}
