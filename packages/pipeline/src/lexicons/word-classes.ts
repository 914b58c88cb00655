/** Closed word classes several analyzers build their own sets from, as lower-case forms. */

/** Possessive determiners ("my", "their"): they open a nominal group and make it definite. */
export const POSSESSIVE_DETERMINERS: readonly string[] = ['my', 'your', 'his', 'her', 'its', 'our', 'their'];

/** Demonstratives ("this", "those"): determiners or, standing alone, pronouns. */
export const DEMONSTRATIVES: readonly string[] = ['this', 'that', 'these', 'those'];

/** The words of a space-separated list ("give send offer"), in order. */
export const words = (list: string): readonly string[] => list.trim().split(/\s+/);

/** The words of a space-separated list as a set, for word lists written as one string. */
export const wordSet = (list: string): ReadonlySet<string> => new Set(words(list));
