/**
 * Renders zod schemas as TypeScript declarations: an object schema becomes an `interface` with a
 * TSDoc line per property (from `.describe()`), anything else a `type` alias. A sub-schema that is
 * registered under a name is written as that name. Covers the zod features the contract uses and
 * throws on any other, so a new kind of schema cannot slip through as a wrong type.
 *
 * @module
 */
import type { z } from 'zod';

/** `output`: what a parse produces; `input`: what a caller writes. */
export type Mode = 'input' | 'output';

/** Names of registered schemas, by schema and mode. */
export type Names = Map<z.ZodTypeAny, Partial<Record<Mode, string>>>;

interface Def {
  typeName: string;
  description?: string;
  [key: string]: unknown;
}

const def = (schema: z.ZodTypeAny) => schema._def as Def;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A TSDoc block for `text` (with `@defaultValue` when given), indented for a member or not. */
export function tsdoc(text: string | undefined, defaultValue?: unknown): string {
  const lines = text ? text.split('\n').flatMap((line) => wrap(line)) : [];
  if (defaultValue !== undefined) {
    if (lines.length > 0) lines.push('');
    lines.push(`@defaultValue \`${JSON.stringify(defaultValue)}\``);
  }
  if (lines.length === 0) return '';
  if (lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((line) => ` * ${line}`.trimEnd()).join('\n')}\n */\n`;
}

/** The renderer of one set of names. */
export class Renderer {
  constructor(private readonly names: Names) {}

  /** The name a schema is registered under in a mode, reusing the other mode's name when equal. */
  nameOf(schema: z.ZodTypeAny, mode: Mode): string | undefined {
    const names = this.names.get(schema);
    if (!names) return undefined;
    const own = names[mode];
    if (own) return own;
    const other = names[mode === 'input' ? 'output' : 'input'];
    if (
      other &&
      this.members(schema, mode, true).join('|') ===
        this.members(schema, mode === 'input' ? 'output' : 'input', true).join('|')
    ) {
      return other;
    }
    return undefined;
  }

  /** The type of a schema as an expression. */
  type(schema: z.ZodTypeAny, mode: Mode): string {
    return this.members(schema, mode).join(' | ');
  }

  /** The declaration of a registered type: an interface for an object schema, else a type alias. */
  declaration(name: string, schema: z.ZodTypeAny, mode: Mode, doc: string): string {
    const object = this.objectOf(schema, mode);
    if (object) return `${tsdoc(doc)}export interface ${name} ${this.object(object, mode)}\n`;
    return `${tsdoc(doc)}export type ${name} = ${this.members(schema, mode, true).join(' | ')};\n`;
  }

  /** The object schema a declaration can be an interface of (through refinements), if any. */
  private objectOf(schema: z.ZodTypeAny, mode: Mode): z.ZodTypeAny | undefined {
    const d = def(schema);
    if (d.typeName === 'ZodObject') return schema;
    if (d.typeName === 'ZodEffects' && (d.effect as { type: string }).type === 'refinement') {
      return this.objectOf(d.schema as z.ZodTypeAny, mode);
    }
    return undefined;
  }

  /** The union members of a schema's type (`undefined` included when it accepts undefined). */
  private members(schema: z.ZodTypeAny, mode: Mode, top = false): string[] {
    if (!top) {
      const name = this.nameOf(schema, mode);
      if (name) return [name];
    }
    const d = def(schema);
    const inner = (key: string) => this.members(d[key] as z.ZodTypeAny, mode);
    switch (d.typeName) {
      case 'ZodString':
        return ['string'];
      case 'ZodNumber':
        return ['number'];
      case 'ZodBoolean':
        return ['boolean'];
      case 'ZodNull':
        return ['null'];
      case 'ZodUnknown':
        return ['unknown'];
      case 'ZodLiteral':
        return [JSON.stringify(d.value)];
      case 'ZodEnum':
        return (d.values as string[]).map((value) => JSON.stringify(value));
      case 'ZodArray': {
        const element = this.members(d.type as z.ZodTypeAny, mode);
        return [element.length > 1 ? `(${element.join(' | ')})[]` : `${element[0]}[]`];
      }
      case 'ZodOptional':
        return unique([...inner('innerType'), 'undefined']);
      case 'ZodNullable':
        return unique([...inner('innerType'), 'null']);
      case 'ZodDefault': {
        const members = inner('innerType').filter((member) => member !== 'undefined');
        return mode === 'input' ? [...members, 'undefined'] : members;
      }
      case 'ZodEffects':
        // Refinements keep the type; the contract's transforms keep it too (the generated type
        // test compares every declaration with `z.input`/`z.output` and fails otherwise).
        return this.members(d.schema as z.ZodTypeAny, mode);
      case 'ZodUnion':
      case 'ZodDiscriminatedUnion':
        return unique((d.options as z.ZodTypeAny[]).flatMap((option) => this.members(option, mode)));
      case 'ZodRecord':
        return [
          `Record<${this.type(d.keyType as z.ZodTypeAny, mode)}, ${this.type(d.valueType as z.ZodTypeAny, mode)}>`,
        ];
      case 'ZodObject':
        return [this.object(schema, mode)];
      default:
        throw new Error(`Cannot render a ${d.typeName} as a TypeScript type; extend generate/render.ts`);
    }
  }

  /** An object type literal with one documented line per property. */
  private object(schema: z.ZodTypeAny, mode: Mode): string {
    const d = def(schema);
    const shape = (d.shape as () => Record<string, z.ZodTypeAny>)();
    const lines = Object.entries(shape).map(([key, value]) => {
      const members = this.members(value, mode);
      const optional = members.includes('undefined') || members.includes('unknown');
      const type = members.filter((member) => member !== 'undefined').join(' | ') || 'undefined';
      const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      const { description, defaultValue } = describe(value);
      return `${tsdoc(description, defaultValue)}${name}${optional ? '?' : ''}: ${type};`;
    });
    if (d.unknownKeys === 'passthrough') lines.push('[key: string]: unknown;');
    return `{\n${lines.join('\n')}\n}`;
  }
}

/** The description and default of a property, looked up through its wrappers. */
function describe(schema: z.ZodTypeAny): { description?: string; defaultValue?: unknown } {
  let description: string | undefined;
  let defaultValue: unknown;
  for (let current: z.ZodTypeAny | undefined = schema; current;) {
    const d = def(current);
    description ??= d.description;
    if (d.typeName === 'ZodDefault') defaultValue ??= (d.defaultValue as () => unknown)();
    current = (d.innerType ?? (d.typeName === 'ZodEffects' ? d.schema : undefined)) as
      z.ZodTypeAny | undefined;
  }
  return { description, defaultValue };
}

/** Splits a line into lines of at most 100 characters, at spaces. */
function wrap(line: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + word.length >= 100) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return [...lines, current];
}

function unique(members: string[]): string[] {
  return [...new Set(members)];
}
