/**
 * The log position a projection has reached for some of its event types, as an SQL expression for a
 * read-model migration (which is SQL text, run where no code can ask first): the global position of the
 * last event of `eventTypes` its checkpoint has passed, or 0. A table created by a migration that keeps
 * such a position (a catalogue's revision) starts where a rebuild from the log would put it.
 * The event store's own tables are named only here, so a module's migration does not read them directly.
 */
export function projectedLogHeadSql(projection: string, eventTypes: readonly string[]): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return `coalesce((
            select e.global_position from events e join projection_checkpoints c on c.name = ${literal(projection)}
            where e.type in (${eventTypes.map(literal).join(', ')})
              and (e.transaction_id, e.global_position) <= (c.transaction_id, c.global_position)
            order by e.transaction_id desc, e.global_position desc limit 1), 0)`;
}
