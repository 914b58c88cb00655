/**
 * Abbreviations written with a period that wink-nlp's sentence splitter may take for a sentence's end
 * (the SPLIT.ABBREVIATION_* rows of abbreviation-joins.ts). Lower case, without their final period; inner
 * periods are kept ("u.s.c").
 */
import { lexiconTable } from './lexicon-table';
import { wordSet } from './word-classes';

/**
 * Abbreviations of a reference that a number, numeral or label follows: "No. 5", "Sec. 3", "Art. 5",
 * "para. 2", "ext. 4455", "pp. 3-4", "U.S.C. § 101", and one another ("Pat. No.", "Ser. No.").
 */
export const REFERENCE_ABBREVIATIONS: ReadonlySet<string> = wordSet(`
  no nos nr art arts sec secs sect sects s ss para paras par pars subpara subparas subsec subd subds
  cl cls ch chap chs pt pts p pp pg pgs vol vols fig figs tab ex exh sched sch app appl pat ser reg regs
  ref doc ext tel fax ph rev stat ord u.s.c u.s.c.a c.f.r
`);

/**
 * Reference abbreviations that are also words ("no", "art", "fig", "fax", "stat"): written in lower case
 * they are the abbreviation only after a noun, a name, a number or a preposition ("patent no. 5",
 * "pursuant to art. 1456"), not after a verb ("I said no. 2 of them came").
 */
export const REFERENCE_ABBREVIATION_WORDS: ReadonlySet<string> = wordSet(`
  no art fig tab ex app pat reg ref doc fax rev stat par sec s
`);

/** Reference abbreviations written all in capitals as the abbreviation ("PATENT NO. 5"; "SEC." is the Commission). */
export const CAPITALISED_REFERENCE_ABBREVIATIONS: ReadonlySet<string> = wordSet(
  `no nos art pat ser reg exh sch sched`,
);

/**
 * Titles written before a name ("Drs. Smith", "Messrs. Brown", "Rt. Hon. Jane Lee"). Not "Jr." and
 * "Sr.", which follow a name ("John Smith Jr., the Buyer") and may end a sentence.
 */
export const TITLE_ABBREVIATIONS: ReadonlySet<string> = wordSet(`
  dr drs mr mrs ms messrs mssrs mmes mme mlle mlles prof profs hon rt rev revd fr msgr
  gen maj adm cmdr capt lt col sgt supt insp atty amb pres gov sen rep
`);

/** Legal forms that close a company's name ("Ltd.", "Inc.", "B.V."), without periods. */
const LEGAL_FORMS = wordSet(`
  ltd limited inc incorporated llc llp lp plc co corp corporation company gmbh ag kg kgaa sa nv bv spa
  pte pvt pty bhd
`);

/**
 * The parts of a company's name written with a period and what may come next in the chain ("Pvt. Ltd.",
 * "Pty. Ltd.", "Sdn. Bhd.", "Co. KG", "Bros. Inc."): the next part, without periods.
 */
export const COMPANY_CHAIN_PARTS: Readonly<Record<string, ReadonlySet<string>>> = lexiconTable({
  pvt: wordSet('ltd limited'),
  pte: wordSet('ltd limited'),
  pty: wordSet('ltd limited'),
  sdn: wordSet('bhd'),
  co: wordSet('ltd limited inc llc llp lp plc kg kgaa ag'),
  bros: LEGAL_FORMS,
  mfg: LEGAL_FORMS,
  intl: LEGAL_FORMS,
  natl: LEGAL_FORMS,
  assoc: LEGAL_FORMS,
  assocs: LEGAL_FORMS,
  hldgs: LEGAL_FORMS,
  inds: LEGAL_FORMS,
  mgmt: LEGAL_FORMS,
  svcs: LEGAL_FORMS,
});
