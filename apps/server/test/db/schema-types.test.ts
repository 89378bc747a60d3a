import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type ColumnShape,
  SCHEMA_FILE,
  schemaTsShapes,
  type TableShapes,
  type TypeClass,
} from '../support/schema-types.ts';
import { testApp } from '../support/test-app.ts';

/**
 * The class of value each column type gives a select (database.ts: bigint as
 * number). A type not here fails the test by name, so that it is classified
 * on purpose rather than guessed.
 */
const DATA_TYPE_CLASS: Readonly<Record<string, TypeClass>> = {
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  date: 'date',
  json: 'json',
  jsonb: 'json',
};

/** The tables of the database the migrations built for this run, and their columns. */
async function databaseShapes(): Promise<{ tables: TableShapes; unclassified: string[] }> {
  const { database } = await testApp();
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(database.db);
  const tables: TableShapes = new Map();
  const unclassified: string[] = [];
  for (const row of rows) {
    const kind = DATA_TYPE_CLASS[row.data_type];
    if (kind === undefined) unclassified.push(`column ${row.table_name}.${row.column_name} is ${row.data_type}`);
    const columns = tables.get(row.table_name) ?? new Map<string, ColumnShape>();
    tables.set(row.table_name, columns);
    columns.set(row.column_name, { classes: kind === undefined ? [] : [kind], nullable: row.is_nullable === 'YES' });
  }
  return { tables, unclassified };
}

const describeClasses = (shape: ColumnShape) => `${shape.classes.join(' | ') || '?'}${shape.nullable ? ' | null' : ''}`;

/** Every difference between the database and schema.ts, each naming its table and column. */
function differences(database: TableShapes, typed: TableShapes): string[] {
  const found: string[] = [];
  for (const [table, columns] of database) {
    const typedColumns = typed.get(table);
    if (typedColumns === undefined) {
      found.push(`table ${table} is in the database but not in ${SCHEMA_FILE}`);
      continue;
    }
    for (const [column, shape] of columns) {
      const typedShape = typedColumns.get(column);
      if (typedShape === undefined) {
        found.push(`column ${table}.${column} is in the database but not in ${SCHEMA_FILE}`);
      } else if (typedShape.nullable !== undefined && typedShape.nullable !== shape.nullable) {
        found.push(
          `column ${table}.${column} is ${shape.nullable ? 'nullable' : 'not null'} in the database but ` +
            `${typedShape.nullable ? 'nullable' : 'not null'} in ${SCHEMA_FILE}`,
        );
      } else if (shape.classes.length > 0 && typedShape.classes.join() !== shape.classes.join()) {
        found.push(
          `column ${table}.${column} gives ${describeClasses(shape)} from the database but ${SCHEMA_FILE} ` +
            `says ${describeClasses(typedShape)}`,
        );
      }
    }
    for (const column of typedColumns.keys()) {
      if (!columns.has(column)) found.push(`column ${table}.${column} is in ${SCHEMA_FILE} but not in the database`);
    }
  }
  for (const table of typed.keys()) {
    if (!database.has(table)) found.push(`table ${table} is in ${SCHEMA_FILE} but not in the database`);
  }
  return found;
}

describe(`${SCHEMA_FILE} is the database the migrations build`, () => {
  it('every table and column, its nullability and the class of its values, both ways', async () => {
    const [{ tables, unclassified }, typed] = await Promise.all([databaseShapes(), Promise.resolve(schemaTsShapes())]);
    expect(unclassified).toEqual([]);
    expect(differences(tables, typed)).toEqual([]);
  });
});
