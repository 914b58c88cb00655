import { DO_FORMS, FINITE_BE_FORMS, MODAL_FORMS, wordSet as set } from './word-classes';

/** WH-elements that open an interrogative (or, with a/an or an adjective, an exclamative). */
export const WH_WORDS = set('what who whom whose which where when why how whatever whoever');

/** Complete moves without a predicator (minor clauses), as lower-case word sequences. */
export const MINOR_EXPRESSIONS = set(`
  thanks thank-you thx cheers yes yeah yep no nope ok okay hello hi hey bye goodbye goodnight sorry please
  wow oh ah ouch oops hmm congratulations congrats welcome amen bravo alas hooray hurray damn
  good_morning good_afternoon good_evening good_night thank_you thank_you_very_much many_thanks
  excuse_me of_course no_problem all_right right sure great fine cool nice awesome indeed absolutely
  happy_birthday merry_christmas good_luck well_done no_way not_really me_too you_too see_you bless_you
  regards kind_regards best_regards warm_regards best_wishes yours_sincerely yours_faithfully yours_truly
  oh_no oh_dear thank_you_so_much
  ooh aah aw aww whoa woah woo yay ugh phew gosh jeez geez fuck shit
`);

/**
 * Minor expressions that may take a prepositional phrase ("Good luck with the exam", "Congratulations on
 * the new job", "Thanks for everything") and stay minor clauses.
 */
export const MINOR_WITH_PHRASE = set(
  'good_luck congratulations congrats thanks many_thanks thx sorry welcome happy_birthday cheers thank_you thank-you',
);
/** Words that may close a minor expression as intensifiers ("Thanks a lot", "No problem at all"). */
export const MINOR_TAIL_INTENSIFIERS = set('so very much a lot again at all indeed');
/** Prepositions that open the phrase after a minor expression of MINOR_WITH_PHRASE. */
export const MINOR_PHRASE_PREPOSITIONS = set('with for on about to');

/** Words that, clause-initially, are textual themes (conjunctions, continuatives, conjunctive adjuncts). */
export const TEXTUAL_THEMES = set(`
  and but or nor so yet then also however therefore thus hence moreover furthermore besides anyway
  meanwhile nevertheless nonetheless consequently accordingly instead otherwise still finally firstly
  secondly thirdly lastly first second next additionally likewise similarly well oh now anyhow alternatively
  indeed subsequently afterwards plus
`);

/** Words that, clause-initially, are interpersonal themes (comment and modal adjuncts, politeness). */
export const INTERPERSONAL_THEMES = set(`
  please kindly frankly honestly unfortunately fortunately hopefully surely certainly probably perhaps maybe
  possibly obviously clearly apparently personally seriously basically actually luckily sadly
  interestingly importantly undoubtedly admittedly arguably evidently presumably ideally
`);

/**
 * Greetings that open a letter, an e-mail or a turn before the name of the one addressed ("Hi Tom,", "Dear Ms.
 * Okafor,", "Good morning all,"), two-word ones joined by "_".
 */
export const GREETINGS = set(`
  hi hello hey hiya dear greetings good_morning good_afternoon good_evening
`);

/** Words that address a group after a greeting in place of a name ("Hi all,", "Hello team,", "Hi there,"). */
export const GROUP_ADDRESS_WORDS = set(`
  all everyone everybody team folks guys there
`);

/** Continuatives that open a reply, textual themes besides `TEXTUAL_THEMES` ("No, I never got it"). */
export const CONTINUATIVES = set(`
  yes yeah yep no nope ok okay right
`);

/** Subordinating conjunctions that open a hypotactic clause (those of several words: `COMPLEX_CONJUNCTIONS`). */
export const SUBORDINATORS = set(`
  because since although though if unless when whenever while whilst whereas after before until till
  once as whether lest provided providing
`);

/**
 * Binding conjunctions of several words: one conjunction, which opens the clause it binds ("**as soon as** the
 * Buyer becomes aware", "**in the event** the Tenant fails to pay", "**to the extent that** the claim arises"). The
 * parse and the word order take their first words for an adverb or a prepositional phrase of the clause before or of
 * their own clause (TREE.COMPLEX_CONJUNCTION, SEGMENT.COMPLEX_CONJUNCTION). Longest first, so the first that matches
 * is the longest. Those ending in a noun ("in the event", "to the extent", "in case") bind a clause with "that" or
 * with nothing after them; "in the event of" and "to the extent permitted" are a phrase.
 */
export const COMPLEX_CONJUNCTIONS: readonly (readonly string[])[] = [
  'except to the extent that',
  'except to the extent',
  'on the condition that',
  'until such time as',
  'at such time as',
  'to the extent that',
  'in the event that',
  'unless and until',
  'on condition that',
  'in order that',
  'to the extent',
  'in the event',
  'so long as',
  'as long as',
  'as soon as',
  'in case that',
  'even though',
  'assuming that',
  'except that',
  'given that',
  'even if',
  'now that',
  'in case',
].map((words) => words.split(' '));

/**
 * The length of the binding conjunction of several words (`COMPLEX_CONJUNCTIONS`) that opens at `index` of `lower`
 * (ending before `end`), or 0.
 */
export function complexConjunctionAt(lower: ArrayLike<string>, index: number, end: number): number {
  const candidates = CONJUNCTIONS_BY_FIRST_WORD.get(lower[index] ?? '');
  if (candidates === undefined) return 0;
  for (const words of candidates)
    if (index + words.length <= end && words.every((word, offset) => lower[index + offset] === word))
      return words.length;
  return 0;
}

/**
 * The binding conjunctions of several words that UD's treebanks analyse as adverbs before the subordinator: "as soon
 * as" (the first "as" on "soon", "soon" on the bound verb, both `advmod`; the last "as" its `mark`), "even if" ("even"
 * `advmod`, "if" `mark`). The others hang on the bound verb as `mark` and `fixed` ("in case", "so that").
 */
export const ADVERB_CONJUNCTIONS: ReadonlySet<string> = new Set([
  'as soon as',
  'as long as',
  'so long as',
  'even if',
  'even though',
  'now that',
]);

/**
 * Where a binding conjunction of several words (`COMPLEX_CONJUNCTIONS`) opens at `index` (ending before `end`) and the
 * parse hangs all its words on one word after it, directly or through each other, one of them as `mark` (as
 * TREE.COMPLEX_CONJUNCTION leaves it), the index after its last word; -1 otherwise. `headOf` and `deprelOf` read the
 * parse (a head index, -1 for none).
 */
export function boundConjunctionEnd(
  lower: ArrayLike<string>,
  index: number,
  end: number,
  headOf: (at: number) => number,
  deprelOf: (at: number) => string | undefined,
): number {
  const length = complexConjunctionAt(lower, index, end);
  if (length === 0) return -1;
  const after = index + length;
  let bound = -2;
  let marked = false;
  for (let at = index; at < after; at += 1) {
    if (deprelOf(at) === 'mark') marked = true;
    const head = headOf(at);
    if (head >= index && head < after) continue;
    if (bound !== -2 && head !== bound) return -1;
    bound = head;
  }
  // The bound word comes after the conjunction ("send the response **as soon as** practicable": no clause of its own).
  return marked && bound >= after ? after : -1;
}

/**
 * Conjunctions of several words a clause may open with, as the parse gives them (a `mark` and its `fixed` words):
 * `COMPLEX_CONJUNCTIONS` and those the treebanks analyse so ("in order" before a to-infinitive, "so that", "whether or
 * not"). A `mark` with `fixed` words outside the list ("as of" misread) is no conjunction of them.
 */
export const CONJUNCTION_PHRASES: ReadonlySet<string> = new Set([
  ...COMPLEX_CONJUNCTIONS.map((words) => words.join(' ')),
  'in order',
  'so that',
  'whether or not',
  'as if',
  'as though',
]);

/**
 * The start of the bound binding conjunction of several words (boundConjunctionEnd) whose last word is at `mark` (a
 * `mark` of the parse: "as soon **as**", "even **if**"), looking back no further than `from`; -1 for none.
 */
export function boundConjunctionStart(
  lower: ArrayLike<string>,
  mark: number,
  from: number,
  end: number,
  headOf: (at: number) => number,
  deprelOf: (at: number) => string | undefined,
): number {
  for (let start = Math.max(from, mark - 3); start < mark; start += 1)
    if (boundConjunctionEnd(lower, start, end, headOf, deprelOf) === mark + 1) return start;
  return -1;
}

/** `COMPLEX_CONJUNCTIONS` by their first word, longest first. */
const CONJUNCTIONS_BY_FIRST_WORD = new Map<string, (readonly string[])[]>();
for (const words of COMPLEX_CONJUNCTIONS) {
  const list = CONJUNCTIONS_BY_FIRST_WORD.get(words[0]!) ?? [];
  list.push(words);
  CONJUNCTIONS_BY_FIRST_WORD.set(words[0]!, list);
}

/** Subordinators that are never prepositions ("as", "until", "before", "since" also head a nominal: "as a condition"). */
export const NON_PREPOSITION_SUBORDINATORS = set(`
  because although though if unless when whenever where wherever while whilst whereas whether lest
`);

/** Relative pronouns and adverbs that open an embedded (relative) clause after a nominal group. */
export const RELATIVE_MARKERS = set('who whom whose which that where when why');

/** Coordinating conjunctions that link paratactic clauses. */
export const COORDINATORS = set('and but or nor yet so plus');

/** Verbs of saying and thinking that project a reported clause (with or without "that"). */
export const REPORTING_VERBS = set(`
  say tell think believe know suppose guess hope feel realize realise claim report state explain argue
  announce mention reply answer admit deny insist suggest propose assume expect fear doubt notice see
  hear find show indicate demonstrate reveal confirm agree understand remember forget learn discover
  recognize recognise predict conclude note observe write read decide ensure wish warn promise assure
  imagine pretend prove mean say add
`);

/**
 * Verbs of saying that report a quotation ("\"Are you in?\" she asked", "\"No,\" said the guard"): with
 * them the reporting clause is the main clause and the quotation is projected from it.
 */
export const QUOTING_VERBS = set(`
  say ask tell reply answer shout yell call cry whisper mutter murmur scream exclaim explain insist
  repeat respond demand wonder think add continue begin start laugh snap sigh gasp pant groan moan sob
  announce declare protest inquire enquire query remark observe note joke warn suggest admit plead beg
  interrupt chime offer greet growl hiss bark roar shriek squeal stammer stutter grumble complain argue
  agree concede confirm promise report write read wail howl bellow
`);

/**
 * Verbs of coming that report a quotation before them with the Subject after them ("“Stop!” came the
 * voice"): SEGMENT.QUOTATION_THEN_COME.
 */
export const INVERTED_REPORTING_VERBS = set(`
  come
`);

/**
 * Catenative verbs: with a following `to`-infinitive or -ing verb they form one verbal group complex
 * ("want to go", "started running"), not two clauses.
 */
export const CATENATIVE_VERBS = set(`
  want try need start begin stop keep like love hate prefer plan decide hope seem appear tend fail
  manage continue attempt refuse agree offer promise intend expect wish learn afford choose dare help
  pretend threaten claim get go come finish avoid enjoy mind quit resume consider risk deserve happen
  used use ought have wait arrange aim seek strive struggle hesitate neglect remember forget regret
  cease commence proceed be elect undertake
`);

/** Lemmas of "let" imperatives and other imperative openers. */
export const IMPERATIVE_OPENERS = set("let let's please kindly");

/** Small evaluative lexicon for speaker attitude: positive words. */
export const POSITIVE_WORDS = set(`
  good great excellent wonderful fantastic amazing love like happy glad pleased delighted best better
  nice beautiful perfect brilliant superb awesome thank thanks appreciate enjoy success successful
  helpful useful effective benefit improve improved improvement favourable favorable positive
`);

/** Small evaluative lexicon for speaker attitude: negative words. */
export const NEGATIVE_WORDS = set(`
  bad terrible awful horrible hate dislike sad angry upset disappointed disappointing worst worse poor
  wrong fail failed failure problem problems broken useless harmful danger dangerous risk damage
  complain complaint unfortunately sorry annoying annoyed rude disgusting negative loss lose
`);

/**
 * Verbs of instructions and requests that the tagger often reads as nouns at the start of a sentence
 * ("Water the plants", "Check the mail"); with no other verb in the sentence they open an imperative.
 */
export const IMPERATIVE_VERBS = set(`
  water iron vacuum brush polish check study hand call order email text phone message book drive
  exercise reply work visit contact note read review sign print fax forward attach copy paste
  close open clean wash cook feed walk stop start turn switch play pause mute set remind add remove
  delete save send pick wait tell ask help show find search look try dial answer
`);

/** Finite auxiliaries that open a yes/no question when a Subject follows ("Can snakes fly", "Are dogs mammals"). */
export const QUESTION_AUXILIARIES = set(`
  am is are was were do does did have has had can could will would shall should may might must
`);

/**
 * Verbs that open a sentence with an ellipted first-person Subject rather than a command
 * ("Thank you", "Hope this helps").
 */
export const ELLIPTICAL_SUBJECT_VERBS = set('thank thanks hope');

/**
 * Verbs of liking and judging that informal reviews and messages use with the first-person Subject left
 * out ("love this park", "Highly recommend", "Greatly appreciate your help"): declarative, not a command.
 */
export const FIRST_PERSON_ELLIPSIS_VERBS = set('love adore appreciate recommend miss guess');

/** Intensifiers before such a verb ("Highly recommend", "Really enjoy it"), and the verbs they admit. */
export const ELLIPSIS_INTENSIFIERS = set('highly greatly truly strongly sincerely deeply really totally');
/**
 * Adverbs that may stand before a tensed verb whose Subject is left out ("Never gives a receipt",
 * "Sometimes even gives the wrong dish"); "Here stands ...", "Next came ..." invert instead.
 */
export const LEFT_OUT_SUBJECT_ADVERBS = set(`
  never always sometimes often usually rarely seldom just also even really still only actually
  definitely totally truly certainly probably already recently finally again once
`);
export const INTENSIFIED_ELLIPSIS_VERBS = set(
  'love appreciate recommend miss guess enjoy like agree disagree doubt regret hope',
);

/** Adjectives that are also base-form verbs ("Clean rooms", "Cool ambience"): before a bare noun, a description. */
export const ADJECTIVE_VERBS = set(`
  clean cool clear warm dry empty open free smooth calm quiet slow fine tidy neat fresh friendly
`);

/** Closing formulas with an ellipted Subject ("See you later", "Talk to you soon"): verb and the word after it. */
export const CLOSING_FORMULAS = set('see_you talk_to speak_to catch_you');

/**
 * Evaluative adjectives that open an exclamative after "how"/"what" and that the lite model often tags as
 * nouns or verbs ("how kind you are", "what an amazing view").
 */
export const EXCLAMATIVE_ADJECTIVES = set(`
  kind sweet nice cute lovely amazing wonderful beautiful awesome great fun cool brave clever smart funny
  silly sad rude lucky strange weird odd gorgeous stunning fantastic incredible horrible awful terrible
  thoughtful generous delicious exciting interesting boring lovely pretty handsome adorable
`);

/** Bare nouns that "what" exclaims with on their own ("what fun", "what luck", "what nonsense"). */
export const EXCLAMATIVE_BARE_NOUNS = set(`
  fun luck nonsense rubbish garbage madness cheek nerve courage timing joy bliss progress
`);

/**
 * Labels that open a header or form line ("Email: ...", "From: ...", "Sent: ..."): with a colon after
 * them the line names a field and its value, no move.
 */
export const HEADER_LABELS = set(
  'email e-mail from to sent cc bcc subject date re fwd fw tel phone fax mobile cell address web website url attachments',
);

/**
 * Words of a postal address line (MOOD.ADDRESS_LINE): street types and parts of a building, lower case
 * ("12 Harbor Road", "Suite 400", "3rd Floor", "P.O. Box 17").
 */
export const ADDRESS_WORDS = set(`
  street st st. avenue ave ave. road rd rd. boulevard blvd blvd. drive dr. lane ln ln. way court ct ct.
  place pl plaza square parkway pkwy highway hwy suite ste ste. floor fl building bldg tower box p.o.
  district province county postcode zip
`);

/**
 * Labels of the lines of a notice block, before a colon ("Attention: General Counsel", "Attn: ...",
 * "Telephone: (555) 010-2000", "Facsimile: ...").
 */
export const ADDRESS_LABELS = set('attention attn attn. telephone telefax facsimile tel phone fax');

/**
 * Words that name a document attached to a contract, written capitalised before its label on a line of
 * their own ("EXHIBIT A", "Schedule 6.1"): MOOD.ATTACHMENT_LABEL.
 */
export const ATTACHMENT_WORDS = set('exhibit schedule annex appendix attachment addendum rider');

/** Verbs of a cross-reference, a true command in a contract ("See Exhibit A", "Refer to Section 5"). */
export const REFERENCE_COMMANDS = set('see refer');

/**
 * Words that name a part of a document and read as verbs too ("Section 3 Intellectual Property",
 * "Schedule 2 Prices"): before a number in figures, a label, no command (MOOD.DOCUMENT_PART_NUMBER).
 */
export const DOCUMENT_PART_WORDS = set(
  'section schedule exhibit article paragraph annex appendix part chapter',
);

/**
 * Lower-case words an address line may hold between its capitalised names and numbers ("c/o", "Bank of
 * the West", "rue de la Gare", "President and Chief Executive Officer").
 */
export const ADDRESS_FUNCTION_WORDS = set('c/o c o of the and de la du des le van von am');

/** "Let's go", "Lets open the windows": a command the word-order rules read (MOOD.LET_IMPERATIVE). */
export const LET_FORMS: ReadonlySet<string> = new Set(['let', 'lets', "let's", 'let’s']);

/** Verbs with no tensed forms: "Buyer beware" is a command to the buyer. */
export const DEFECTIVE_VERBS: ReadonlySet<string> = set('beware');

/** Operators that open a statement whose Subject is left out ("do" opens commands: "Don't go"). */
export const LEFT_OUT_SUBJECT_OPERATORS: ReadonlySet<string> = new Set([
  ...MODAL_FORMS,
  ...FINITE_BE_FORMS,
  'has',
  'have',
  'had',
  // The stems of "can't" and "won't" as the tokeniser cuts them ("Ca n't wait", "Wo n't return").
  'ca',
  'wo',
  // "Doesn't matter", "Didn't hurt": tensed "do" (the base "do" opens a command: "Do not smoke").
  'does',
  'did',
]);

// Word classes of the word-order mood rules (mood-classifier.ts, MOOD_RULES).

/** Modal operators and "do": the operators a Subject the tagger read as a verb may follow ("can fish breathe"). */
export const MODAL_OR_DO: ReadonlySet<string> = new Set([...MODAL_FORMS, ...DO_FORMS]);

/** WH-words that open a free relative ("What you say makes sense"). */
export const FREE_RELATIVE_WH: ReadonlySet<string> = new Set(['what', 'whatever', 'whoever', 'whichever']);

/** Adjectives of measure that "how" asks about ("how old", "how far"), rather than exclaims with. */
export const HOW_QUESTION_ADJECTIVES: ReadonlySet<string> = set(
  'old long far big tall large high deep wide heavy fast late early many much often soon small short young hot cold warm good bad',
);

/** Verbs whose past tense has the base form: after a singular noun they may be tensed ("the firm cut"). */
export const SAME_FORM_PAST: ReadonlySet<string> = new Set([
  'put',
  'set',
  'cut',
  'let',
  'hit',
  'read',
  'cost',
  'quit',
  'shut',
  'spread',
  'hurt',
]);

/** "is" and its clitic ("What's more"). */
export const IS_FORMS: ReadonlySet<string> = new Set(["'s", '’s', 'is']);

/** Continuatives and response words that open a turn ("Alright, ...", "Nah, ..."), whatever their tag. */
export const DISCOURSE_OPENERS: ReadonlySet<string> = new Set([
  'alright',
  'okay',
  'ok',
  'yeah',
  'yes',
  'yep',
  'nah',
  'no',
  'um',
  'uh',
  'hey',
]);

/** Pronouns that can only be objects or are indefinite: after "have" they are the causee, not a Subject. */
export const CAUSEE_PRONOUNS: ReadonlySet<string> = new Set([
  'me',
  'him',
  'us',
  'them',
  'someone',
  'somebody',
  'everyone',
  'everybody',
  'anyone',
  'anybody',
]);

export const VOCATIVE_PRONOUNS: ReadonlySet<string> = new Set([
  'everyone',
  'everybody',
  'all',
  'guys',
  'folks',
  'y’all',
  "y'all",
]);

/** Degree adverbs that open a verbless "so cool"-type move. */
export const DEGREE_OPENERS: ReadonlySet<string> = new Set([
  'so',
  'too',
  'very',
  'really',
  'pretty',
  'super',
  'quite',
]);

/** Base verbs that the lexicon also lists as adjectives but that follow "so" as commands ("So go!"). */
export const SO_COMMAND_VERBS: ReadonlySet<string> = new Set(['go', 'come']);

export const MINOR_CLOSERS: ReadonlySet<string> = new Set(['.', '!', '…', '...', '!!', '!!!']);

export const NEGATIVE_OPENERS: ReadonlySet<string> = new Set(['nor', 'neither']);

/**
 * Openers after which a statement may put its Finite before its Subject ("So did the others", "Thus
 * began a long war", "Hence arose the name"): MOOD.SO_THUS_INVERSION.
 */
export const INVERSION_OPENERS: ReadonlySet<string> = new Set(['so', 'thus', 'hence']);

export const CONDITIONAL_FINITES: ReadonlySet<string> = new Set(['had', 'were', 'should']);

export const COUNTERFACTUAL_MODALS: ReadonlySet<string> = new Set(['would', 'could', 'might']);

/** WH-adverbs that also open a dependent clause of time or place ("When it rains, ...", "Where it ends, ..."). */
export const WH_SUBORDINATORS: ReadonlySet<string> = new Set(['when', 'where', 'whenever', 'wherever']);

/** Adverbs that restrict or time a command from before its operator ("just don't", "always be"). */
export const COMMAND_ADVERBS: ReadonlySet<string> = new Set(['just', 'simply', 'always', 'never', 'also']);

export const STATIVE_AFTER_ADVERB: ReadonlySet<string> = set(
  'know think care understand believe like want need see get mind',
);

/** Verbs of feeling that "how" + Subject exclaims with ("how I miss them", "how we laughed"). */
export const FEELING_VERBS: ReadonlySet<string> = new Set([
  'love',
  'hate',
  'miss',
  'wish',
  'adore',
  'envy',
  'admire',
]);

/** Non-finite forms of auxiliaries: "Being a student, I ..." does not put a Finite before the Subject. */
export const NON_FINITE_AUX: ReadonlySet<string> = new Set(['being', 'having', 'been']);

export const FINITE_AFTER_NOMINAL: ReadonlySet<string> = set(
  'is are was were will would can could has have had does did should must may might',
);

/** Adjectives of a WH-question's nominal group ("what other options", "what new features"). */
export const WHAT_QUESTION_ADJECTIVES: ReadonlySet<string> = set(
  'other else new different next last first second same main best latest current following',
);

/** Finite forms the lite model sometimes tags as something else. */
export const FINITE_WORDS: ReadonlySet<string> = set(
  "is are was were am 's 're 'm ’s ’re has have had do does did will would can could shall should must may might",
);

export const SUBJECT_WORDS: ReadonlySet<string> = set(
  'i you we he she they it this that these those there one everyone everybody everything nothing',
);

export const SUBJECT_DETERMINERS: ReadonlySet<string> = set(
  'the a an my your his her our their its this that these those some',
);

/**
 * Words right after "its" that no possessive determiner takes but "it's" does ("its a shame", "its not
 * fair", "its been years"): "its" there is the clitic "it's" written without its apostrophe.
 */
export const AFTER_ITS_CLITIC: ReadonlySet<string> = set('a an the not been');

export const DEGREE_WORDS: ReadonlySet<string> = set(
  'very so really incredibly truly absolutely utterly extremely simply terribly awfully quite',
);

/** Verbs of the Finite that a measure question with "it" does not use as a Subject's verb ("how long it takes"). */
export const OPERATOR_LEMMAS: ReadonlySet<string> = new Set(['be', 'have']);

/** Objects of main-verb "do" rather than Subjects ("did nothing wrong", "does none of it"). */
export const NEGATIVE_OBJECTS: ReadonlySet<string> = new Set([
  'nothing',
  'none',
  'it',
  'that',
  'this',
  'so',
  'something',
  'anything',
]);

/** Verbs whose progressive takes an adjective ("is getting cold", "is looking good"): no gerund Subject. */
export const LINKING_PROGRESSIVES: ReadonlySet<string> = set(
  'get go feel look become seem grow turn sound stay keep remain come prove taste smell run',
);

/** WH-words that open a WH-clause heading ("How we move", "What they eat"). */
export const HEADING_WH: ReadonlySet<string> = new Set(['how', 'what', 'why', 'where', 'when']);

/**
 * Nouns whose Value can be a question ("The question is, is it safe?", "The problem was: who pays?"):
 * the question is the identified Value of a statement (MOOD.QUESTION_AS_VALUE).
 */
export const QUESTION_NOUNS: ReadonlySet<string> = set('question questions problem issue puzzle dilemma');

/**
 * Words a title leaves in lower case between capitalised words ("How to Grow Basil", "Things You'll
 * Need", "Writing in the Age of Distraction"): articles, short prepositions and coordinators.
 */
export const TITLE_LOWER_WORDS: ReadonlySet<string> = set(
  'a an the of in on at to for and or nor but by with from as into onto upon about over off out up via per vs',
);

/** Verbs of perception that open speech as discourse markers ("Look, ...", "See, ...", "Listen, ..."). */
export const DISCOURSE_VERBS: ReadonlySet<string> = new Set(['look', 'see', 'listen']);

/** Subject pronouns after which a discourse "see" is followed by its clause ("See this is it"). */
export const DISCOURSE_SEE_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'we',
  'he',
  'she',
  'they',
  'it',
  'this',
  'that',
  'everything',
]);

/** Prepositions that do not follow a verb opening a member: "(a) Change of Control", "(i) Subject to Section 4". */
export const NOT_AFTER_MEMBER_VERB: ReadonlySet<string> = new Set(['of', 'to']);

/**
 * Prepositions after an opening "verb" and its plural "object" that make them a heading's noun group ("Use
 * cases for small teams"), not a command.
 */
export const HEADING_PREPOSITIONS: ReadonlySet<string> = new Set(['for', 'of', 'about', 'on']);

/** Determiners of the Subject after an opening do-form ("Did the boss notice the mistake", "Do your cats climb"). */
export const QUESTION_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'your',
  'my',
  'his',
  'her',
  'their',
  'our',
  'its',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'most',
  'all',
]);

/** Linkers after which "you" is the Subject of a new clause ("so you can", "and you will"). */
export const LINKERS_BEFORE_SUBJECT: ReadonlySet<string> = new Set(['so', 'and', 'but', 'or', 'then']);

/** Adverbs that can open a command before its verb ("Then add the flour", "Gently press the seeds"). */
export const COMMAND_OPENING_ADVERBS: ReadonlySet<string> = new Set([
  'then',
  'now',
  'first',
  'next',
  'finally',
  'also',
  'just',
  'simply',
]);

/** Base forms far more often a command's verb than a noun at the start of a sentence. */
export const COMMAND_VERBS: ReadonlySet<string> = new Set([
  'use',
  'rinse',
  'stir',
  'chop',
  'knead',
  'sprinkle',
  'mix',
  'place',
  'toast',
  'pat',
  'press',
  'drain',
  'whisk',
  'pour',
  'combine',
  'fold',
  'bake',
  'wrap',
  'soak',
  'season',
  'balance',
  'tie',
  'mark',
]);

/** Manner and sequence adverbs that close a command ("Drink responsibly", "Rinse the rice thoroughly"). */
export const CLOSING_COMMAND_ADVERBS: ReadonlySet<string> = new Set([
  'thoroughly',
  'gently',
  'carefully',
  'evenly',
  'lightly',
  'firmly',
  'quickly',
  'slowly',
  'responsibly',
  'well',
  'first',
]);

/** Particles a phrasal command verb takes right after it ("pat down", "pour out"). */
export const COMMAND_PARTICLES: ReadonlySet<string> = new Set([
  'down',
  'out',
  'up',
  'off',
  'away',
  'back',
  'over',
]);

/** Words after which a verb is non-finite ("to be shocked", "has been sent"). */
export const NON_FINITE_BEFORE: ReadonlySet<string> = new Set(['to', 'be', 'been', 'being']);

/**
 * Words that, as the host of a clitic ("it's", "there's", "what's", "let's"), are pronouns: their "'s" is "is",
 * "has" or "us", not a possessive.
 */
export const CLITIC_HOST_PRONOUNS: ReadonlySet<string> = new Set([
  'i',
  'you',
  'he',
  'she',
  'it',
  'we',
  'they',
  'that',
  'there',
  'what',
  'who',
  'where',
  'here',
  'how',
  'let',
]);

/**
 * Words after which "its" is "it's" typed without its apostrophe ("its not", "its a shame", "its really
 * good"), never the possessive: no noun can follow (EWT and GUM train and dev: 40 "it s" so written, none
 * possessive, against 382 possessive "its" before other words). Words that can also open a possessive's noun
 * phrase are left out even where the data had no such case: "its very nature", "its only obligation", "its true
 * value", "its worth", "its being sold".
 */
export const AFTER_TYPED_ITS: ReadonlySet<string> = new Set(
  `a an the not really simply all like still in now definitely for also from just been as your too
  getting going gonna always never probably actually pretty quite nothing about because that this my his her our
  their what ok okay over done almost already`.split(/\s+/),
);

/** Words that can open the object of the verb "lets" ("Lets you choose", "Lets the user ..."). */
export const LETS_OBJECT_START: ReadonlySet<string> = new Set(
  `you me him her them us it one the a an this that these those my your his its our their everyone everybody
  anyone anybody people users`.split(/\s+/),
);

/** Words a document part's letter follows ("Exhibit A", "Part B", "Schedule C"). */
export const LETTER_LABEL_WORDS: ReadonlySet<string> = new Set([
  ...ATTACHMENT_WORDS,
  ...'part article section clause item paragraph'.split(' '),
]);

/**
 * Finites and "agree(s)" in capitals that make an all-caps line a statement, not a title ("PORTIONS HAVE BEEN
 * REDACTED"); upper case, as the line is matched.
 */
export const CAPITALISED_STATEMENT_WORDS: ReadonlySet<string> = new Set(
  'SHALL WILL HAVE HAS HAD IS ARE WAS WERE MAY MUST BE BEEN CAN COULD SHOULD WOULD DOES DO DID AGREE AGREES'.split(
    ' ',
  ),
);

/**
 * Small words a title-case heading may keep in lower case ("Limitation of Liability"); wider than
 * TITLE_LOWER_WORDS ("its", "their", "not", "than", "between").
 */
export const HEADING_SMALL_WORDS: ReadonlySet<string> = new Set(
  'of the and or for to in on a an by with upon under from at as its their after before between against not per into than nor'.split(
    ' ',
  ),
);

/** Conjunctive adjuncts: textual links to the text before ("however", "therefore", "meanwhile"). */
export const CONJUNCTIVE_ADJUNCTS: ReadonlySet<string> = new Set([
  'however',
  'therefore',
  'thus',
  'hence',
  'moreover',
  'furthermore',
  'besides',
  'meanwhile',
  'nevertheless',
  'nonetheless',
  'consequently',
  'accordingly',
  'instead',
  'otherwise',
  'finally',
  'additionally',
  'likewise',
  'similarly',
  'subsequently',
  'afterwards',
  'also',
  'then',
]);

/** Participles that open "Attached please find ...", "Enclosed please find ..." (a command, the participle predicative). */
export const ENCLOSURE_PARTICIPLES: ReadonlySet<string> = new Set(['attached', 'enclosed']);
