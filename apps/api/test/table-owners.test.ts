/**
 * Each table is written and read by the module that owns it (docs/architecture.md "Data"). ESLint
 * stops a file importing another module's schema; this test covers what no import shows: the
 * SQL text of `sql` templates, where a table is named by a word. Each table's owner is the schema
 * file that defines it, and each schema file's folder is declared once, in owners.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const SCHEMA = path.join(SRC, 'db/schema');
const OWNERS: Record<string, string> = JSON.parse(
  readFileSync(path.join(SCHEMA, 'owners.json'), 'utf8'),
);

/** Each table's name and the schema file (module) that defines it. */
async function tableOwners(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const schema of Object.keys(OWNERS)) {
    const exports: Record<string, unknown> = await import(path.join(SCHEMA, `${schema}.ts`));
    for (const value of Object.values(exports)) {
      if (is(value, PgTable)) owners.set(getTableName(value), schema);
    }
  }
  return owners;
}

/** The module owning the tables of a file of src/ (by its folder), or null for none. */
function ownerOf(file: string): string | null {
  const relative = path.relative(SRC, file).split(path.sep).join('/');
  const found = Object.entries(OWNERS).find(([, folder]) => relative.startsWith(`${folder}/`));
  return found?.[0] ?? null;
}

/** The literal text of every `sql` template and `sql.raw('…')` of a source file. */
function sqlTexts(fileName: string, source: string): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) texts.push(template.text);
      else
        texts.push(template.head.text, ...template.templateSpans.map((span) => span.literal.text));
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'sql.raw' &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      texts.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return texts;
}

/** The tables a file's SQL text names that its module does not own. */
function foreignTables(file: string, source: string, owners: Map<string, string>): string[] {
  const own = ownerOf(file);
  const found = new Set<string>();
  for (const text of sqlTexts(file, source)) {
    // A quoted string is data, not a name ('codes' as a posting's source type).
    const names = text.toLowerCase().replace(/'[^']*'/g, "''");
    for (const word of names.match(/[a-z_][a-z0-9_]*/g) ?? []) {
      const owner = owners.get(word);
      if (owner !== undefined && owner !== own) found.add(`${word} (${owner})`);
    }
  }
  return [...found];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(folder, name))
    .filter((file) => !file.startsWith(`${SCHEMA}${path.sep}`));
}

describe('table ownership in SQL text', () => {
  it('declares an owner folder for every schema file, and each folder exists', () => {
    const schemaFiles = readdirSync(SCHEMA)
      .filter(
        (name) => name.endsWith('.ts') && !['index.ts', 'views.ts', 'columns.ts'].includes(name),
      )
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(OWNERS).sort()).toEqual(schemaFiles);
    for (const folder of Object.values(OWNERS)) {
      expect(readdirSync(path.join(SRC, folder)).length).toBeGreaterThan(0);
    }
  });

  it("finds another module's table named in a template, and not in a quoted string", async () => {
    const owners = await tableOwners();
    const file = path.join(SRC, 'modules/bookings/probe.repository.ts');
    const breach =
      "const a = sql`select credits from ${x} join credit_ledger on true where t = 'orders'`;";
    expect(foreignTables(file, breach, owners)).toEqual(['credit_ledger (credits)']);
    const raw = "const b = sql.raw('delete from sessions');";
    expect(foreignTables(file, raw, owners)).toEqual(['sessions (accounts)']);
    expect(foreignTables(file, 'const c = sql`select 1 from registrations`;', owners)).toEqual([]);
  });

  it("names no other module's table in any file of src/", async () => {
    const owners = await tableOwners();
    expect(owners.size).toBeGreaterThan(20);
    const breaches = sourceFiles(SRC).flatMap((file) =>
      foreignTables(file, readFileSync(file, 'utf8'), owners).map(
        (table) => `${path.relative(SRC, file)}: ${table}`,
      ),
    );
    expect(breaches).toEqual([]);
  });
});
