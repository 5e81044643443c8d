import { readFileSync } from 'node:fs';
import { parse } from '@babel/parser';

/**
 * Finds user-visible text written in source instead of taken from the catalogue (locales/):
 * JSX text, string literals given to the attributes people read or hear (aria-label, title,
 * placeholder, alt, label), and sentence-like literals anywhere (a capital, then words). A line
 * with `i18n-ignore: <why>` (or the line above it) is skipped. Run by
 * tests/unit/i18n/ui-strings.test.ts; `npx tsx build/ui-strings.ts <files>` prints them.
 */

/** Attributes whose value a person reads or a screen reader speaks. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
/** Text with a letter in it: punctuation, numbers and symbols alone (`·`, `–`, `%`) are not words. */
const HAS_LETTER = /\p{L}/u;
/** A sentence or label: a capital letter, a word, a space, another word (`Check now`, `No players.`). */
const SENTENCE_LIKE = /^\s*\p{Lu}\p{Ll}+[\s\p{L}\p{P}]*\s\p{L}/u;
/** Calls whose strings are for developers, not players. */
const DEVELOPER_CALLS = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'log',
  'warn',
  'error',
  'info',
  'debug',
  'describe',
  'it',
  'test',
  'mark',
  'measure',
]);

const IGNORE = /i18n-ignore/;

export interface UiString {
  file: string;
  line: number;
  text: string;
}

/** code: sentence-like literals only; read-attribute: any literal with a letter; developer: none. */
type Context = 'code' | 'attribute-code' | 'read-attribute' | 'developer';

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function calleeName(node: Node): string | undefined {
  const callee = node.callee as Node | undefined;
  if (!callee) return undefined;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && isNode(callee.property))
    return (callee.property as Node).name as string;
  return undefined;
}

function literalText(node: Node): string | undefined {
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral') {
    return (node.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join('{}');
  }
  return undefined;
}

/** The user-visible strings in one source text. */
export function findUiStrings(source: string, file: string): UiString[] {
  const lines = source.split('\n');
  /** `// i18n-ignore: why` on the line or the line above keeps a literal that must stay. */
  const ignored = (line: number) => IGNORE.test(lines[line - 1] ?? '') || IGNORE.test(lines[line - 2] ?? '');
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: UiString[] = [];
  const report = (node: Node, text: string) =>
    ignored(node.loc?.start.line ?? 0) ||
    found.push({ file, line: node.loc?.start.line ?? 0, text: text.replace(/\s+/g, ' ').trim() });

  /** Literals compared or switched on are values, not text (`state === 'failed'`). */
  const COMPARED = new Set(['BinaryExpression', 'SwitchCase', 'MemberExpression', 'TSEnumMember']);
  const visit = (node: Node, context: Context, parent?: Node) => {
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'TSLiteralType'
    )
      return;
    if (node.type === 'ExportNamedDeclaration' && node.source) return;
    if (node.type === 'JSXText') {
      if (HAS_LETTER.test(node.value as string)) report(node, node.value as string);
      return;
    }
    const text = literalText(node);
    if (text !== undefined && context !== 'developer') {
      const compared = COMPARED.has(parent?.type ?? '');
      const read = context === 'read-attribute';
      if (!compared && (read ? HAS_LETTER.test(text) : SENTENCE_LIKE.test(text))) report(node, text);
    }
    let next = context;
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      next = READ_ATTRIBUTES.has(name) ? 'read-attribute' : 'attribute-code';
    } else if (
      (node.type === 'CallExpression' || node.type === 'NewExpression') &&
      DEVELOPER_CALLS.has(calleeName(node) ?? '')
    ) {
      next = 'developer';
    } else if (node.type === 'JSXExpressionContainer' && context === 'code') {
      next = 'read-attribute';
    } else if (node.type === 'JSXElement' || node.type === 'CallExpression') {
      next = context === 'developer' ? 'developer' : 'code';
    } else if (next === 'attribute-code') {
      next = 'code';
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments')
        continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, next, node);
      } else if (isNode(value)) visit(value, next, node);
    }
  };
  visit(ast.program as unknown as Node, 'code');
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) {
    for (const hit of findUiStrings(readFileSync(file, 'utf8'), file))
      console.log(`${hit.file}:${hit.line}: ${hit.text}`);
  }
}
