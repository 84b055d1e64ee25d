/**
 * Naming helpers for newly inferred lead-data fields: a display name and a guessed special type,
 * both derived from the key alone.
 *
 * @module
 */
import type { SpecialType } from '@leadbook/contract';
import type { InferredType } from './inferred-type';

/**
 * Turn a data key into a display name: words split at `_`, `-`, `.`, spaces, camelCase humps and
 * letter-digit boundaries; sentence case; acronyms inside mixed-case keys kept.
 *
 * @example
 * ```ts
 * deriveFriendlyName('first_name'); // 'First name'
 * deriveFriendlyName('firstName'); // 'First name'
 * deriveFriendlyName('customerID'); // 'Customer ID'
 * deriveFriendlyName('address_line2'); // 'Address line 2'
 * ```
 */
export function deriveFriendlyName(key: string): string {
  const words = key
    .replace(/(\p{Ll}|\d)(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .split(/[\s_.-]+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return key;
  // In an all-caps key like FIRST_NAME every word looks like an acronym; only mixed-case keys keep them.
  const keepAcronyms = /\p{Ll}/u.test(key);
  const text = words
    .map((word) =>
      keepAcronyms && word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase(),
    )
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Normalized keys (lower case, letters and digits only) that obviously name a special type. */
const KEYS_BY_SPECIAL_TYPE: Readonly<Partial<Record<SpecialType, readonly string[]>>> = {
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'mobilenumber', 'cellphone'],
  name: ['name', 'fullname'],
  firstName: ['firstname', 'givenname', 'forename'],
  middleName: ['middlename'],
  lastName: ['lastname', 'surname', 'familyname'],
  childFirstName: ['childfirstname'],
  childMiddleName: ['childmiddlename'],
  childLastName: ['childlastname'],
  url: ['url', 'website', 'websiteurl', 'homepage'],
  date: ['date', 'birthdate', 'dateofbirth', 'birthday'],
};

const SPECIAL_TYPE_BY_KEY: ReadonlyMap<string, SpecialType> = new Map(
  Object.entries(KEYS_BY_SPECIAL_TYPE).flatMap(([type, keys]) =>
    keys.map((key): [string, SpecialType] => [key, type as SpecialType]),
  ),
);

/**
 * Guess the special type of a new field from its key, for keys that name it obviously (`email`,
 * `phone_number`, `firstName`, `last-name`, `name`, `website`, `birthDate`, ...). Only string fields
 * get a guess; `currency` and `percentage` are never guessed.
 *
 * @returns The special type, or `undefined` when the key is not an obvious one.
 *
 * @example
 * ```ts
 * guessSpecialType('E-Mail', 'string'); // 'email'
 * guessSpecialType('first_name', 'string'); // 'firstName'
 * guessSpecialType('phone', 'number'); // undefined
 * ```
 */
export function guessSpecialType(key: string, type: InferredType): SpecialType | undefined {
  if (type !== 'string') return undefined;
  return SPECIAL_TYPE_BY_KEY.get(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
