/**
 * The classes every table of rows shares (Table, PagedTable and the rows their screens write),
 * so the console's lists and the leaderboard read alike.
 */

/** The head row: the column names small, spaced and muted, below the caption. */
export const tableHeadClass = 'text-xs tracking-wide text-mist-400 uppercase';

/** A rule under the head row, where many columns of text would run into it. */
export const ruledHeadClass = 'border-b border-white/10';

/** A column's name in the head row. */
export const columnHeadClass = 'py-2 font-semibold';

/** The space a column keeps from the next in a wide table of many columns. */
export const gutterClass = 'pr-4';

/** The rows, ruled apart. */
export const tableBodyClass = 'divide-y divide-white/10';

/** A row's cell in a wide table: the gutter after it. */
export const cellClass = 'py-3 pr-4 text-mist-100';

/** The cell that names its row (`<th scope="row">`) in a wide table. */
export const rowHeadClass = 'py-3 pr-4 font-semibold text-white';
