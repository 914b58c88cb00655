/**
 * Closed word classes of contract language that decide how "shall", "will", "may" and "must" read
 * (docs/CONTRACT-MODALITY.md; rules in src/contract-modality.ts). Lower-case forms or lemmas.
 */
import { wordSet } from './word-classes';

/**
 * Nouns naming a party or someone who acts for one ("Tenant", "the Licensee", "each Party", "the
 * account manager"): a Subject that can be bound to act. Lemmas.
 */
export const PARTY_NOUNS: ReadonlySet<string> = wordSet(`
  party parties tenant landlord lessee lessor sublessee licensee licensor sublicensee company corporation
  distributor supplier buyer seller purchaser vendor customer client contractor subcontractor consultant
  employee employer executive provider recipient discloser agent manufacturer franchisee franchisor owner
  operator shipper transporter carrier borrower lender guarantor investor member partner reseller dealer
  sponsor developer publisher affiliate subsidiary bank trustee holder shareholder stockholder issuer
  underwriter manager officer director representative arbitrator arbitrators committee board person entity
  assignee successor user producer marketer promoter administrator advisor adviser university institution
  servicer collaborator participant endorser talent
`);

/**
 * Capitalised defined terms that name things, not parties ("This Agreement", "the Security Deposit",
 * "Exhibit A"): a proper-noun Subject with one of these heads is no party. Lemmas, lower case.
 */
export const THING_TERMS: ReadonlySet<string> = wordSet(`
  agreement lease contract amendment supplement addendum exhibit schedule appendix annex attachment
  section article clause paragraph provision term terms condition conditions heading headings notice
  payment fee fees price rent rate charge interest royalty royalties deposit amount compensation
  termination expiration assignment waiver information technology product products service services
  software premises property materials material data plan date period territory program system systems
  trademark trademarks mark marks patent patents rights right license licence documentation documents
  report policy budget order invoice effective
`);

/** Pronouns that stand for a party in contracts ("it shall notify", "each shall bear its costs"). */
export const PARTY_PRONOUNS: ReadonlySet<string> = wordSet(
  'it he she they we you each either neither both who',
);

/**
 * Processes that define a term or deem a fact ("shall mean", "shall constitute", "shall include",
 * "shall be deemed", "shall be treated as", "will be considered"): a definition, not a modality.
 * `include` defines only with a Subject that is no party ("Services shall include"; "the listing Party
 * shall include the following" is an act). Lemmas.
 */
export const DEFINING_VERBS: ReadonlySet<string> = wordSet('mean constitute include');
/** Passive participles that deem: "shall be deemed (to be)", "shall be treated as", "will be considered". */
export const DEEMING_PARTICIPLES: ReadonlySet<string> = wordSet('deemed treated considered regarded');

/**
 * Passives that state how the agreement itself is read or computed, with no party to bind ("shall be
 * governed by", "shall be construed", "will be determined on an aggregate basis"). Lemmas.
 */
export const PROVISION_PASSIVES: ReadonlySet<string> = wordSet(
  'govern construe interpret determine calculate',
);

/**
 * Processes that a party undergoes or a state it is in rather than an act it carries out ("shall
 * receive a bonus", "shall retain all rights", "shall have an interest", "shall remain liable"): with
 * a party Subject they stipulate, they do not bind. Lemmas.
 */
export const PARTY_STATES: ReadonlySet<string> = wordSet('be have receive retain remain own hold become');

/** Predicative words of duty: "shall be responsible for", "is liable for", "shall be obligated to". */
export const DUTY_ATTRIBUTES: ReadonlySet<string> = wordSet(
  'responsible liable obligated obliged required bound accountable',
);
/** Nouns of duty after "have": "shall have no liability", "has the obligation to". */
export const DUTY_NOUNS: ReadonlySet<string> = wordSet(
  'obligation obligations liability liabilities responsibility responsibilities duty duties',
);
/** Nouns of effort before "to": "shall use its best efforts to:", "shall use reasonable endeavours to:". */
export const EFFORT_NOUNS: ReadonlySet<string> = wordSet('efforts endeavours endeavors');
/** Nouns of entitlement after "have": "shall have the right to", "has the option to". */
export const RIGHT_NOUNS: ReadonlySet<string> = wordSet('right rights option authority power discretion');
/** Verbs of commitment before "to": "agrees to indemnify", "covenants to", "undertakes not to". Present forms. */
export const COMMITMENT_FORMS: ReadonlySet<string> = wordSet(
  'agree agrees covenant covenants undertake undertakes',
);

/**
 * Words that mark contract register in a clause or the clauses just before it; "will" and "may" read
 * as a party's duty or permission only there (news prose keeps "will" a prediction).
 */
export const REGISTER_WORDS: ReadonlySet<string> = wordSet(`
  shall hereunder herein hereto hereof hereby hereinafter thereof thereto therein thereunder whereas
  notwithstanding
`);

/**
 * Adverbs that point into the document and may close a participle's postmodifier ("the rights granted
 * herein", "regulations promulgated thereunder", "the addresses set forth below").
 */
export const REFERENCE_ADVERBS: ReadonlySet<string> = wordSet(`
  hereunder herein hereto hereof hereby thereof thereto therein thereunder thereby below above
`);

/**
 * Negation words that bound a quantity or a list rather than deny the process ("no later than", "not
 * less than", "including but not limited to"): keyed by the word after the negator.
 */
export const BOUNDING_AFTER_NEGATOR: ReadonlySet<string> = wordSet(
  'later less more fewer earlier greater sooner limited',
);

/** Instruments whose capitalised name marks contract register ("this Agreement", "the Lease", "Exhibit B"). Lower case. */
export const INSTRUMENT_TERMS: ReadonlySet<string> = wordSet(
  'agreement lease contract supplement amendment addendum exhibit schedule appendix annex attachment',
);

/**
 * Words of a contract's title line after the instrument's name ('THIS LEASE, dated ..., between ...',
 * "This Agreement, entered into by and among ...": PARTICIPANT.TITLE_LINE). Lower case.
 */
export const PREAMBLE_WORDS: ReadonlySet<string> = wordSet('dated entered made effective between among');

/** Determiners that make a party noun a contract party ("each party", "either Party", "neither party"). */
export const PARTY_DETERMINERS: ReadonlySet<string> = wordSet('each either neither both');

/**
 * Verbs of a party's declaration that contracts pair up before one projected clause or object
 * ("represents and warrants that", "acknowledges and agrees that", "covenants and agrees to"): the pair
 * is one process of one clause (SEGMENT.COORDINATED_VERBS). Lemmas.
 */
export const DECLARATION_VERBS: ReadonlySet<string> = wordSet(`
  acknowledge agree represent warrant covenant understand certify confirm undertake accept stipulate
`);

/**
 * Adjectives that make one process with a verb of `PROCESS_ADJECTIVE_VERBS` before them, whether the
 * Goal stands between them or after them ("hold **the Buyer** harmless", "hold harmless **the Buyer**"):
 * the adjective is part of the process, no participant and no part of one (PARTICIPANT.HOLD_HARMLESS).
 */
export const PROCESS_ADJECTIVES: ReadonlySet<string> = wordSet('harmless');

/** The verbs (lemmas) that make one process with a `PROCESS_ADJECTIVES` adjective ("hold", "save" harmless). */
export const PROCESS_ADJECTIVE_VERBS: ReadonlySet<string> = wordSet('hold save');

/** Words that may stand between "provided" and its "that" ("provided, however, that", "provided further that"). */
export const PROVIDED_THAT_INSERTS: ReadonlySet<string> = new Set([
  ',',
  'however',
  'further',
  'always',
  'also',
  'though',
]);

/**
 * Contract phrases whose first word, a past participle, modifies the noun after it ("their successors and
 * permitted assigns", "by certified or registered mail"), which the parser tends to read as a verb and its
 * object (TREE.ATTRIBUTIVE_COLLOCATION), as "participle noun".
 */
export const ATTRIBUTIVE_COLLOCATIONS: ReadonlySet<string> = new Set([
  'permitted assigns',
  'permitted assignees',
  'permitted successors',
  'permitted transferees',
  'certified mail',
  'registered mail',
  'controlled affiliates',
  'related parties',
  'related documents',
]);

/** The forms of "include" ("including", "included"), which open a list of examples. */
export const INCLUDE_FORMS: ReadonlySet<string> = new Set(['including', 'include', 'includes', 'included']);

/**
 * The modal operators of contract provisions ("shall", "will", "may", "must"): they open a duty, a permission
 * or a list of duties.
 */
export const DUTY_MODALS: ReadonlySet<string> = new Set(['shall', 'will', 'may', 'must']);

/**
 * The second preposition of a preamble's "by and between", "by and among": the parties after it are the agent
 * (TREE.PARTIES_AGENT), and the Actor is read without the two prepositions (PARTICIPANT.TREE_AGENT).
 */
export const PARTY_PAIR_PREPOSITIONS: ReadonlySet<string> = new Set(['between', 'among']);
