/**
 * The tagger predicts one class per word that joins UPOS, XPOS and, for verbs and auxiliaries, the
 * VerbForm and Mood the XPOS leaves open (VB: infinitive, imperative or subjunctive; VBG: participle or
 * gerund), e.g. "VERB VB Fin/Imp".
 */
export interface TagClass {
  upos: string;
  xpos: string;
  verbForm: string;
  mood: string;
}

export function featureValue(feats: string, name: string): string {
  if (feats === '_' || feats === '') return '';
  for (const pair of feats.split('|')) {
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return '';
}

export function tagClassName(upos: string, xpos: string, feats: string): string {
  if (upos !== 'VERB' && upos !== 'AUX') return `${upos} ${xpos}`;
  const verbForm = featureValue(feats, 'VerbForm');
  const mood = featureValue(feats, 'Mood');
  return `${upos} ${xpos} ${verbForm}${mood ? `/${mood}` : ''}`;
}

export function parseTagClass(name: string): TagClass {
  const [upos = 'X', xpos = '_', verbal = ''] = name.split(' ');
  const [verbForm = '', mood = ''] = verbal.split('/');
  return { upos, xpos, verbForm, mood };
}
