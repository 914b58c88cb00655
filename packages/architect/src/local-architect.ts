import type { AgentIdentity, AgentManifest, AgentSkill, OperationalRule, TargetFramework } from '@cae/core';
import {
  DEFAULT_RULES,
  DEFAULT_VALUES,
  STOP_WORDS,
  strengthFromModality,
  TONE_BANDS,
} from './architect-lexicon';
import type { ClauseFeature } from './clause-analysis';
import type { SpecificationParts } from './framework-renderers';

const ROLE_PATTERN =
  /\b(?:you are|you're|act as|acting as|behave as|be|become|i need|i want|we need|we want|build|create|make|design)\s+(?:an?|the|my|our)\s+([a-z][a-z -]{2,60}?)(?=\s+(?:that|who|which|for|to|with|in|on|at|able)\b|[.,;:!?]|$)/i;

const titleCase = (text: string) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '') || 'agent';
const snake = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48)
    .replace(/_+$/, '');

/** A word that looks like language: letters, a vowel, and no run of four consonants. */
const wordLike = (word: string) =>
  /^[a-z][a-z-]{2,19}$/.test(word) && /[aeiouy]/.test(word) && !/[bcdfghjklmnpqrstvwxz]{4}/.test(word);

function domainOf(text: string, clauses: readonly ClauseFeature[]): string {
  const counts = new Map<string, number>();
  const participantText = clauses.flatMap((clause) =>
    clause.participants.map((participant) => participant.text),
  );
  const sources = participantText.length > 0 ? [...participantText, text] : [text];
  sources.forEach((source, index) => {
    const weight = index < participantText.length ? 2 : 1;
    for (const word of source.toLowerCase().match(/[a-z][a-z-]+/g) ?? []) {
      if (STOP_WORDS.has(word) || !wordLike(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + weight);
    }
  });
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return ranked[0]?.[0] ?? 'general';
}

function ruleText(clause: { text: string }): string {
  let text = clause.text.trim().replace(/\s+/g, ' ');
  text = text.replace(/^(?:you\s+(?=must|should|may|can|have|need|will|shall|always|never)|please\s+)/i, '');
  text = text.replace(/[.;:!?]+$/, '');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function skillFrom(clause: ClauseFeature): AgentSkill | null {
  const verb = clause.verbLemma?.toLowerCase();
  if (!verb || !/^[a-z]+$/.test(verb)) return null;
  const goal = clause.participants.find((participant) =>
    ['goal', 'phenomenon', 'range', 'verbiage'].includes(participant.role),
  );
  const object = goal?.text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => !STOP_WORDS.has(word) && /^[a-z][a-z-]*$/.test(word))
    .slice(0, 3)
    .join(' ');
  const label = object ? `${verb} ${object}` : verb;
  return {
    id: snake(label) || verb,
    name: titleCase(label),
    description: ruleText({ ...clause, text: clause.text }).replace(/\.$/, ''),
    processType: clause.processType,
    inputs: object ? [object] : ['request'],
    outputs: [
      clause.processType === 'mental'
        ? `assessment of ${object || 'the request'}`
        : `${object || verb} result`,
    ],
    sourceText: clause.text,
  };
}

/**
 * The local synthesis engine: a specification from the prompt's clauses alone, no LLM.
 * Imperative and modalised clauses become rules (strength from modality), material and mental
 * processes become skills, tenor sets the persona's tone. Any non-empty prompt gives a usable spec.
 */
export function synthesiseLocally(input: {
  text: string;
  clauses: readonly ClauseFeature[];
  targetFramework: TargetFramework;
}): SpecificationParts {
  const { text, clauses, targetFramework } = input;
  const domain = domainOf(text, clauses);
  const roleMatch = ROLE_PATTERN.exec(text)?.[1]?.trim().toLowerCase();
  const role = roleMatch?.split(/\s+/).some(wordLike)
    ? roleMatch!
    : domain === 'general'
      ? 'general assistant'
      : `${domain} assistant`;
  const name = titleCase(role.replace(/\b(?:agent|bot)\b/g, '').trim() || role);
  const question = clauses.find((clause) => clause.mood === 'interrogative');

  const rules: OperationalRule[] = [];
  const seenRules = new Set<string>();
  for (const clause of clauses) {
    const directive = clause.mood === 'imperative' || clause.modalityWeight > 0;
    if (!directive || clause.mood === 'interrogative') continue;
    const textOfRule = ruleText({ text: clause.sentence });
    if (seenRules.has(textOfRule.toLowerCase())) continue;
    seenRules.add(textOfRule.toLowerCase());
    rules.push({
      id: `rule-${rules.length + 1}`,
      text: textOfRule,
      strength: strengthFromModality(clause.modalityWeight, clause.mood === 'imperative'),
      polarity: clause.polarity === 'negative' ? 'do_not' : 'do',
      origin: 'prompt',
      sourceText: clause.sentence,
    });
  }
  for (const rule of DEFAULT_RULES) {
    rules.push({ id: `rule-${rules.length + 1}`, ...rule, origin: 'default', sourceText: null });
  }

  const skills: AgentSkill[] = [];
  for (const clause of clauses) {
    // A prohibition ("never share passport numbers") is a rule, not a skill.
    if (clause.processType !== 'material' && clause.processType !== 'mental') continue;
    if (clause.polarity === 'negative') continue;
    // Dependent and verbless fragments ("what the customer needs") describe, they do not name a task.
    if (clause.mood !== 'imperative' && clause.mood !== 'declarative') continue;
    const skill = skillFrom(clause);
    if (skill && !skills.some((existing) => existing.id === skill.id)) skills.push(skill);
  }
  if (skills.length === 0) {
    const topic = domain === 'general' ? 'the user' : domain;
    skills.push({
      id: domain === 'general' ? 'answer_questions' : snake(`answer ${domain} questions`),
      name: domain === 'general' ? 'Answer Questions' : `Answer ${titleCase(domain)} Questions`,
      description: question
        ? `Answer questions such as: ${question.text.trim()}`
        : `Answer questions and give guidance for ${topic}`,
      processType: 'verbal',
      inputs: ['question'],
      outputs: ['answer'],
      sourceText: question?.text ?? null,
    });
  }

  const tenor =
    clauses.length > 0 ? clauses.reduce((sum, clause) => sum + clause.tenor, 0) / clauses.length : 0.5;
  const band = TONE_BANDS.find((entry) => tenor <= entry.maxTenor) ?? TONE_BANDS[TONE_BANDS.length - 1]!;
  const purpose = question
    ? `Help people with questions like "${question.text.trim().slice(0, 160)}"`
    : domain === 'general'
      ? 'Help people with whatever they ask, clearly and honestly'
      : `Help people with ${domain} tasks: ${skills.map((skill) => skill.name.toLowerCase()).join(', ')}`;

  const manifest: AgentManifest = {
    name,
    slug: slugify(name),
    version: '0.1.0',
    description: `${titleCase(role)} that ${purpose.charAt(0).toLowerCase()}${purpose.slice(1)}.`,
    targetFramework,
    domain,
    language: 'en',
  };
  const identity: AgentIdentity = {
    role,
    persona: { tone: band.tone, formality: Math.round(tenor * 100) / 100, voice: band.voice },
    soul: {
      purpose,
      values: [...DEFAULT_VALUES, ...(domain === 'general' ? [] : [`care for ${domain}`])],
      boundaries: [
        ...rules
          .filter((rule) => rule.polarity === 'do_not' && rule.origin === 'prompt')
          .map((rule) => rule.text),
        domain === 'general'
          ? 'Declines harmful or unlawful requests.'
          : `Stays within ${domain}; says so when a request is outside it.`,
      ],
    },
  };
  return { manifest, identity, rules, skills };
}
