/**
 * The row of a statement that always answers exactly one (an aggregate, `insert … returning`, a
 * `select <expression>`). None means the statement is not the one the caller thinks it is: a bug,
 * reported as one, rather than an undefined read further on.
 */
export function singleRow<Row>(rows: readonly Row[]): Row {
  const row = rows.at(0);
  if (row === undefined) throw new Error('The statement answered no row where it always answers one');
  return row;
}
