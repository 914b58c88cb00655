// biome-ignore-all lint/performance/useDomNodeTextContent: these are playwright locators, whose innerText keeps the layout (tabs between cells)
import { createFakeUpstream, type FakeUpstream } from '@cae/gateway/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type EngineProcess, launchChromium, screenshot, startEngineProcess } from './console-harness';

// The functions given to page.evaluate run in the browser; the engine app's typecheck has no DOM types.
declare const document: any;
declare const location: any;
declare const window: any;
declare const sessionStorage: any;
declare const localStorage: any;
declare const getComputedStyle: any;

const LEASE =
  'The tenant must pay a deposit of one month of rent. The landlord should return the deposit within thirty days ' +
  'after the tenancy ends. Can the landlord keep the deposit? The landlord may keep it if the flat is damaged. ' +
  'Please report repairs to the landlord quickly. The tenant will not keep pets in the flat without written consent.';
const MEMO =
  'The contractor must finish the roof by June. Did the council approve the plans? Send the invoice to the office.';
const LLM_KEY = 'sk-console-e2e';

/** The fake language model: labels every clause of an annotation batch, answers citing [1]. */
function reply(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const user = messages.findLast((message) => message.role === 'user')?.content ?? '';
  if (system.includes('Systemic Functional')) {
    const clauses = [...user.matchAll(/<clause n="(\d+)">([^<]*)<\/clause>/g)];
    return JSON.stringify({
      labels: clauses.map(([, n, text]) => ({
        n: Number(n),
        mood: text!.trim().endsWith('?') ? 'interrogative' : 'declarative',
        process_type: 'material',
        modality_weight: 0.5,
        modality_type: null,
        tenor: 0.4,
        speaker_attitude: 'neutral',
        reasoning: 'Labelled by the fake model.',
      })),
    });
  }
  return 'The landlord may keep the deposit if the flat is damaged [1].';
}

const NOTICE =
  'Rent is due on the first day of each month. Late payments may incur a fee. Who signs the inventory? ' +
  'The agent usually checks the meters when the tenancy begins.';

/** Fails the test when the page is wider than a 1366-pixel laptop screen (a horizontal scroll bar). */
async function expectFitsLaptop(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1366);
}

/** Waits for a locator; on a timeout the error carries what the page shows, to tell why. */
async function shown(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  try {
    await locator.waitFor({ timeout: 15_000 });
  } catch (error) {
    const text = await page
      .locator('main')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`${(error as Error).message}\n--- the page shows:\n${text.slice(0, 3000)}`);
  }
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    location.hash = target;
  }, hash);
}

describe('the review console in headless Chromium against a running engine', { timeout: 60_000 }, () => {
  let upstream: FakeUpstream;
  let engine: EngineProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    upstream = await createFakeUpstream({ validKeys: [LLM_KEY], reply });
    [engine, browser] = await Promise.all([
      startEngineProcess({
        CAE_LLM_PROVIDER: 'openai',
        OPENAI_API_KEY: LLM_KEY,
        OPENAI_BASE_URL: upstream.url,
      }),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await engine?.stop();
    await upstream?.close();
  });

  it('opens at / (redirected to /console/), shows the empty state, and records the reviewer name', async () => {
    await page.goto(engine.url);
    expect(new URL(page.url()).pathname).toBe('/console/');
    await page.getByText('No documents are stored yet').waitFor();
    await page.locator('[data-testid=health]', { hasText: 'engine ok' }).waitFor();
    await screenshot(page, '00-empty');
    await page.getByRole('button', { name: /^Settings/ }).click();
    await page.getByLabel('Reviewer name').fill('alice');
    await page.getByRole('button', { name: 'Save' }).click();
    const stored = await page.evaluate(() => sessionStorage.getItem('cae-console-settings'));
    expect(JSON.parse(stored!).reviewer).toBe('alice');
  });

  it('compiles pasted text and an uploaded file with store and embed, and lists both documents', async () => {
    await page.getByLabel('Paste text').fill(LEASE);
    await page.getByLabel('Document id (optional)').fill('lease');
    await page
      .getByLabel(/Or upload text files/)
      .setInputFiles({ name: 'notice.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTICE) });
    await page.getByRole('button', { name: 'Compile' }).click();
    await page.locator('[data-testid=compile-result]', { hasText: 'notice' }).waitFor();
    const lease = await api(engine.url, '/clauses?document_id=lease&limit=1');
    const notice = await api(engine.url, '/clauses?document_id=notice&limit=1');
    expect(lease.total).toBeGreaterThanOrEqual(6);
    expect(notice.total).toBeGreaterThanOrEqual(4);
    expect(await page.locator('[data-testid=compile-result]').allTextContents()).toEqual([
      `lease: ${lease.total} clauses compiled — read it`,
      `notice: ${notice.total} clauses compiled — read it`,
    ]);
    const rows = page.locator('[data-testid=documents-table] tbody tr');
    await rows.nth(1).waitFor();
    const table = await rows.allInnerTexts();
    expect(table.find((row) => row.startsWith('lease'))).toContain(String(lease.total));
    expect(table.find((row) => row.startsWith('notice'))).toContain(String(notice.total));
    // A memo labelled by the language model: its labels stay unverified until a reviewer accepts them.
    await page.getByLabel('Paste text').fill(MEMO);
    await page.getByLabel('Document id (optional)').fill('memo');
    await page.getByLabel('annotator').selectOption('llm');
    await page.getByRole('button', { name: 'Compile' }).click();
    await shown(page, page.locator('[data-testid=compile-result]', { hasText: 'memo' }));
    const memo = await api(engine.url, '/clauses?document_id=memo');
    expect(memo.clauses.every((clause: any) => clause.interpersonal.annotation_source === 'llm')).toBe(true);
    expect(upstream.calls.length).toBeGreaterThan(0);
    await page.getByLabel('annotator').selectOption('');
    // Embedded: the semantic side of search finds them.
    const found = await api(engine.url, '/retrieve', { query: 'deposit', limit: 3 });
    expect(found.results[0].semantic_rank).not.toBeNull();
    await expectFitsLaptop(page);
    await screenshot(page, '01-documents');
  });

  it('reads a document as annotated clauses with highlights, theme and rheme, and the trace with rule ids', async () => {
    await page.getByRole('link', { name: 'lease', exact: true }).click();
    const all = await api(engine.url, '/clauses?document_id=lease');
    await page
      .locator('[data-testid=page-label]', { hasText: `Clauses 1–${all.total} of ${all.total}` })
      .waitFor();
    expect(await page.locator('.clause-list .clause-item').count()).toBe(all.total);
    expect(await page.locator('.clause-list .part').count()).toBeGreaterThan(0);
    expect(await page.locator('.clause-list .circ').count()).toBeGreaterThan(0);
    await page.keyboard.press('j');
    const first = all.clauses[0];
    await page.locator('.workbench-detail', { hasText: first.text }).waitFor();
    const themeRheme = await page.locator('[data-testid=theme-rheme]').innerText();
    expect(themeRheme).toContain(first.textual.theme.text);
    expect(themeRheme).toContain(first.textual.rheme.text);
    const rules = await page.locator('[data-testid=trace-rules] td code').allTextContents();
    expect(rules).toEqual(first.interpersonal.reasoning_trace.rules.map((rule: any) => rule.rule));
    expect(await page.locator('.workbench-detail').innerText()).toContain(
      first.interpersonal.reasoning_trace.inference_rule,
    );
    await expectFitsLaptop(page);
    await screenshot(page, '02-reader');
  });

  it('accepts, rejects and re-annotates with one key each, and the API agrees', async () => {
    await go(page, '#/documents/memo');
    const before = (await api(engine.url, '/clauses?document_id=memo')).clauses;
    await page.locator('[data-testid=page-label]', { hasText: `of ${before.length}` }).waitFor();
    expect(before[0].interpersonal.untrusted).toBe(true);
    expect(
      await page.locator('.clause-list .badge.untrusted', { hasText: 'unverified labels' }).count(),
    ).toBe(before.length);
    await page.keyboard.press('j');
    await page.locator('.workbench-detail', { hasText: before[0].text }).waitFor();
    await page.keyboard.press('n');
    await page.keyboard.type('checked against the memo');
    await page.keyboard.press('Escape');
    await page.keyboard.press('a');
    await page.locator('[data-testid=review-result]', { hasText: 'accepted by alice' }).waitFor();
    await screenshot(page, '03-review');
    await page.keyboard.press('j');
    await page.locator('.workbench-detail', { hasText: before[1].text }).waitFor();
    await page.keyboard.press('r');
    await page.locator('[data-testid=review-result]', { hasText: 'rejected by alice' }).waitFor();
    await page.keyboard.press('j');
    await page.locator('.workbench-detail', { hasText: before[2].text }).waitFor();
    await page.keyboard.press('e');
    await page.locator('[data-testid=review-result]', { hasText: 're-annotated by alice' }).waitFor();
    const after = (await api(engine.url, '/clauses?document_id=memo')).clauses;
    const byId = new Map(after.map((clause: any) => [clause.id, clause]));
    expect(byId.get(before[0].id)).toMatchObject({ untrusted: false, review_status: 'accepted' });
    expect((byId.get(before[0].id) as any).interpersonal.untrusted).toBe(false);
    expect(byId.get(before[1].id)).toMatchObject({ review_status: 'rejected' });
    expect((byId.get(before[1].id) as any).interpersonal.untrusted).toBe(true);
    // Retrieval agrees: the accepted clause comes back trusted, the rejected one not at all.
    const found = await api(engine.url, '/retrieve', {
      query: before[0].text,
      limit: 10,
      filters: { document_id: 'memo' },
    });
    expect(found.results.find((result: any) => result.clause_id === before[0].id)?.untrusted).toBe(false);
    expect(found.results.some((result: any) => result.clause_id === before[1].id)).toBe(false);
    const log = await api(engine.url, '/clauses/review-queue');
    expect(log.total).toBe(3);
    expect(log.clauses.map((record: any) => record.decision).sort()).toEqual([
      'accepted',
      're_annotated',
      'rejected',
    ]);
    expect(log.clauses.find((record: any) => record.decision === 'accepted')).toMatchObject({
      reviewer: 'alice',
      notes: 'checked against the memo',
    });
    // The list shows the new state after the decision.
    await page.locator(`.clause-item[data-clause-id="${before[0].id}"] .badge.status-accepted`).waitFor();
  });

  it('shows the audit log with who, when, the notes and the annotation before and after', async () => {
    await page.getByRole('link', { name: 'Review log' }).click();
    await page.locator('[data-testid=log-entry]').nth(2).waitFor();
    const entries = await page.locator('[data-testid=log-entry]').allInnerTexts();
    expect(entries).toHaveLength(3);
    const accepted = entries.find((entry) => entry.startsWith('accepted'))!;
    expect(accepted).toContain('by alice');
    expect(accepted).toContain('checked against the memo');
    expect(accepted).toMatch(/untrusted\s+true\s+false/);
    expect(await page.locator('table.diff tr.changed').count()).toBeGreaterThan(0);
    await page.getByText('Decisions 1–3 of 3').waitFor();
    await expectFitsLaptop(page);
    await screenshot(page, '03-review-log');
  });

  it('filters clauses by every filter of GET /clauses and pages with totals', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Clauses' }).click();
    await page.locator('[data-testid=page-label]').waitFor();
    const all = await api(engine.url, '/clauses?limit=1');
    expect(await page.locator('[data-testid=page-label]').innerText()).toBe(
      `Clauses 1–${all.total} of ${all.total}`,
    );
    for (const name of [
      'document_id',
      'source_type',
      'annotation_source',
      'mood',
      'process_type',
      'min_modality',
      'max_modality',
      'min_tenor',
      'max_tenor',
      'limit',
    ]) {
      expect(await page.locator(`form.filters [name=${name}]`).count(), name).toBe(1);
    }
    await page.locator('form.filters [name=min_modality]').fill('0.5');
    await page.locator('form.filters [name=limit]').fill('2');
    await page.getByRole('button', { name: 'Apply' }).click();
    const modal = await api(engine.url, '/clauses?min_modality=0.5&limit=2');
    expect(modal.total).toBeGreaterThan(2);
    await page.locator('[data-testid=page-label]', { hasText: `Clauses 1–2 of ${modal.total}` }).waitFor();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.locator('[data-testid=page-label]', { hasText: `Clauses 3–` }).waitFor();
    const second = await api(engine.url, '/clauses?min_modality=0.5&limit=2&offset=2');
    const shown = await page.locator('.clause-list .clause-line').allInnerTexts();
    expect(shown).toEqual(second.clauses.map((clause: any) => clause.text));
    await page.locator('form.filters [name=mood]').selectOption('interrogative');
    await page.locator('form.filters [name=min_modality]').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    const questions = await api(engine.url, '/clauses?mood=interrogative&limit=2');
    await page
      .locator('[data-testid=page-label]', { hasText: `of ${questions.total}` })
      .and(page.locator('[data-testid=page-label]', { hasText: 'Clauses 1–' }))
      .waitFor();
    const moods = await page.locator('.clause-list .labels .badge[title=mood]').allInnerTexts();
    expect(moods.length).toBeGreaterThan(0);
    expect(moods.every((mood) => mood.trim() === 'interrogative')).toBe(true);
    await page.locator('.clause-item').first().click();
    await expectFitsLaptop(page);
    await screenshot(page, '04-clauses');
  });

  it('works the content queue: modality filter, approve, edit inline, and a conflict with the other decision', async () => {
    const approve = await api(engine.url, '/review-queue', {
      content: 'Tenants may sublet the flat with written consent.',
      source: 'synthesize',
    });
    const edit = await api(engine.url, '/review-queue', {
      content: 'The landlord must repaired the boiler.',
    });
    const contested = await api(engine.url, '/review-queue', {
      content: 'Deposits are capped at two months.',
    });
    await api(engine.url, '/review-queue', { content: 'a floor plan', modality: 'image', source: 'scanner' });
    await page.getByRole('link', { name: /^Queue/ }).click();
    await page.locator('[data-testid=queue-item]').nth(3).waitFor();
    await page.getByLabel('modality').selectOption('image');
    await page.getByText('Pending items 1–1 of 1').waitFor();
    expect(await page.locator('[data-testid=queue-item]').innerText()).toContain('a floor plan');
    await page.getByLabel('modality').selectOption('');
    await page.getByText('Pending items 1–4 of 4').waitFor();

    const item = (id: string) => page.locator(`[data-item-id="${id}"]`);
    await item(approve.id).getByRole('button', { name: 'Approve' }).click();
    await item(approve.id).locator('[data-testid=decided]').waitFor();
    const stored = await api(engine.url, `/clauses?document_id=review-${approve.id}`);
    expect(stored.total).toBeGreaterThan(0);
    expect(stored.clauses[0].source_type).toBe('generated');
    expect(await item(approve.id).locator('.compiled li').count()).toBe(stored.total);
    expect(await item(approve.id).innerText()).toContain(
      `Stored as ${stored.total} clause${stored.total === 1 ? '' : 's'} in review-${approve.id}`,
    );

    await item(edit.id).getByRole('button', { name: 'Edit…' }).click();
    await item(edit.id)
      .getByLabel(/Edited text/)
      .fill('The landlord must repair the boiler.');
    await item(edit.id).getByRole('button', { name: 'Save edit' }).click();
    await item(edit.id).locator('[data-testid=decided]').waitFor();
    const edited = await api(engine.url, `/clauses?document_id=review-${edit.id}`);
    expect(edited.clauses.map((clause: any) => clause.text).join(' ')).toContain('must repair the boiler');
    expect(await item(edit.id).locator('.compiled').innerText()).toContain('must repair the boiler');

    // Someone else decides while the page still shows the item as pending.
    await api(engine.url, `/review-queue/${contested.id}/decide`, { decision: 'reject', reviewer: 'bob' });
    await item(contested.id).getByRole('button', { name: 'Approve' }).click();
    const conflict = item(contested.id).locator('[data-testid=conflict]');
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain('Already rejected by bob (decision: reject)');
    const still = await api(engine.url, `/clauses?document_id=review-${contested.id}`);
    expect(still.total).toBe(0);
    await item(edit.id).scrollIntoViewIfNeeded();
    await expectFitsLaptop(page);
    await screenshot(page, '05-queue');
  });

  it('searches with filters showing both ranks and the fused score, and asks with citations that open clauses', async () => {
    await page.getByRole('link', { name: 'Search & ask' }).click();
    await page.getByLabel('Query or question').fill('deposit returned');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('[data-testid=results] tbody tr').first().waitFor();
    const expected = await api(engine.url, '/retrieve', { query: 'deposit returned', limit: 10 });
    const firstRow = await page
      .locator('[data-testid=results] tbody tr')
      .first()
      .locator('td')
      .allInnerTexts();
    const top = expected.results[0];
    expect(firstRow[1]).toContain(top.text);
    expect(firstRow[2]).toBe(String(top.semantic_rank ?? '—'));
    expect(firstRow[3]).toBe(String(top.keyword_rank ?? '—'));
    expect(firstRow[4]).toBe(top.rrf_score.toFixed(4));
    expect(await page.locator('[data-testid=results] tbody tr').count()).toBe(expected.count);

    await page.locator('fieldset.filters select').first().selectOption('interrogative');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('[data-testid=results] caption', { hasText: /results for/ }).waitFor();
    const filtered = await api(engine.url, '/retrieve', {
      query: 'deposit returned',
      limit: 10,
      filters: { mood: 'interrogative' },
    });
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=results] tbody tr').length === count,
      filtered.count,
    );
    await page.locator('fieldset.filters select').first().selectOption('');

    await page.getByLabel('Query or question').fill('Can the landlord keep the deposit?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.locator('[data-testid=answer]').waitFor();
    const answer = await api(engine.url, '/synthesize', {
      query: 'Can the landlord keep the deposit?',
      limit: 10,
    });
    expect(answer.cited_clause_ids.length).toBeGreaterThan(0);
    const citations = page.locator('[data-testid=answer] ol.citations li');
    expect(await citations.count()).toBe(answer.cited_clause_ids.length);
    expect(await page.locator('[data-testid=answer] a.cite').count()).toBeGreaterThan(0);
    await expectFitsLaptop(page);
    await screenshot(page, '06-ask');
    const cited = answer.clauses.find((clause: any) => clause.clause_id === answer.cited_clause_ids[0]);
    await citations.first().getByRole('link', { name: cited.text }).click();
    await page.locator(`.clause-item[aria-current=true][data-clause-id="${cited.clause_id}"]`).waitFor();
    expect(decodeURIComponent(page.url())).toContain(
      `#/documents/${cited.document_id}?clause=${cited.clause_id}`,
    );
  });

  it('draws the graph with structural and semantic edges told apart; clicking a node opens its clause', async () => {
    await go(page, '#/graph?document=lease');
    await page.locator('[data-testid=graph-canvas] canvas').first().waitFor();
    const nodes = await api(engine.url, '/graph/nodes?document_id=lease');
    const edges = await api(engine.url, '/graph/edges?document_id=lease');
    await page.waitForFunction(() => (window as any).caeConsoleGraph?.nodes().length > 0);
    const drawn = await page.evaluate(() => {
      const cy = (window as any).caeConsoleGraph;
      const style = (selector: string) => {
        const edge = cy.edges(selector)[0];
        return edge ? { line: edge.style('line-style'), color: edge.style('line-color') } : null;
      };
      return {
        nodes: cy.nodes().length,
        structural: cy.edges('[type = "structural"]').length,
        semantic: cy.edges('[type = "semantic"]').length,
        structuralStyle: style('[type = "structural"]'),
        semanticStyle: style('[type = "semantic"]'),
        colors: [...new Set(cy.nodes().map((node: any) => node.style('background-color')))],
      };
    });
    expect(drawn.nodes).toBe(nodes.length);
    expect(drawn.structural).toBe(edges.filter((edge: any) => edge.type === 'structural').length);
    expect(drawn.semantic).toBeGreaterThan(0);
    expect(drawn.structuralStyle?.line).toBe('solid');
    expect(drawn.semanticStyle?.line).toBe('dashed');
    expect(drawn.structuralStyle?.color).not.toBe(drawn.semanticStyle?.color);
    const moods = new Set(nodes.map((node: any) => node.mood));
    expect(drawn.colors.length).toBe(moods.size);
    expect(await page.locator('.node-list li').count()).toBe(nodes.length);
    await expectFitsLaptop(page);
    await screenshot(page, '07-graph');

    await page.getByLabel('colour by').selectOption('process_type');
    await page.waitForFunction(() => new URL(location.href).hash.includes('color=process_type'));
    const target = nodes.find((node: any) => node.mood === 'interrogative') ?? nodes[0];
    await page.waitForFunction(
      (id) => (window as any).caeConsoleGraph?.getElementById(id).length === 1,
      target.id,
    );
    const point = await page.evaluate((id) => {
      const cy = (window as any).caeConsoleGraph;
      const position = cy.getElementById(id).renderedPosition();
      const box = cy.container().getBoundingClientRect();
      return { x: box.left + position.x, y: box.top + position.y };
    }, target.id);
    await page.mouse.click(point.x, point.y);
    await page.locator(`.clause-item[aria-current=true][data-clause-id="${target.id}"]`).waitFor();
    await page.locator('.workbench-detail', { hasText: target.label.slice(0, 20) }).waitFor();
  });

  it('charts the corpus by mood, process type and modality band with the API totals', async () => {
    await go(page, '#/corpus');
    await page.locator('[data-testid=corpus-total]').waitFor();
    const total = (await api(engine.url, '/clauses?limit=1')).total;
    expect(await page.locator('[data-testid=corpus-total]').innerText()).toContain(
      `${total} clauses in the store`,
    );
    const moodRows = await page.locator('[data-testid="counts-by mood"] tr').allInnerTexts();
    for (const row of moodRows) {
      const [mood, count] = row.split('\t');
      const expected = (await api(engine.url, `/clauses?limit=1&mood=${mood}`)).total;
      expect(Number(count), mood).toBe(expected);
    }
    const bands = await page.locator('[data-testid="counts-by modality band"] td').allInnerTexts();
    expect(bands.map(Number).reduce((sum, count) => sum + count, 0)).toBe(total);
    await page.waitForFunction(() => document.querySelectorAll('.chart canvas').length === 3);
    await page.waitForTimeout(200);
    await expectFitsLaptop(page);
    await screenshot(page, '08-corpus');
    await page.getByLabel('scope').selectOption('lease');
    const lease = (await api(engine.url, '/clauses?limit=1&document_id=lease')).total;
    await page.locator('[data-testid=corpus-total]', { hasText: `${lease} clauses in lease` }).waitFor();
  });

  it('is usable from the keyboard with a visible focus ring', async () => {
    await page.goto(`${engine.url}/console/#/documents`);
    await page.reload();
    await page.locator('[data-testid=documents-table]').waitFor();
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      outline: getComputedStyle(document.activeElement!).outlineStyle,
    }));
    expect(skip).toEqual({ text: 'Skip to content', outline: 'solid' });
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      outline: getComputedStyle(document.activeElement!).outlineStyle,
      width: getComputedStyle(document.activeElement!).outlineWidth,
    }));
    expect(focused.text).toMatch(/^Queue/);
    expect(focused.outline).toBe('solid');
    expect(focused.width).toBe('3px');
    await screenshot(page, '09-keyboard-focus');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#/queue');
    expect(pageErrors).toEqual([]);
  });
});

describe('the review console when the engine needs tokens, refuses, or goes away', {
  timeout: 60_000,
}, () => {
  const token = 'console-e2e-token';
  let engine: EngineProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [engine, browser] = await Promise.all([
      startEngineProcess({ CAE_API_TOKENS: token, CAE_MAX_TEXT_LENGTH: '400' }),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await engine?.stop();
  });

  it('says a token is needed (401), takes one into session storage, then works', async () => {
    await page.goto(`${engine.url}/console/`);
    const notice = page.locator('.notice-error[data-status="401"]');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('The engine needs a caller token (401)');
    await page.locator('[data-testid=health]', { hasText: 'token needed' }).waitFor();
    await screenshot(page, '10-token-needed');
    await notice.getByRole('button', { name: 'Open settings' }).click();
    await page.getByLabel(/Caller token/).fill(token);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No documents are stored yet').waitFor();
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('cae-console-settings')))!);
    expect(stored.token).toBe(token);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.getByLabel('Paste text').fill('The tenant must pay the rent.');
    await page.getByLabel('Document id (optional)').fill('short');
    await page.getByRole('button', { name: 'Compile' }).click();
    await page.locator('[data-testid=compile-result]', { hasText: 'short' }).waitFor();
    expect((await api(engine.url, '/clauses?document_id=short', undefined, token)).total).toBeGreaterThan(0);
  });

  it('shows a 413 plainly when the text is over the engine limit, and stores nothing', async () => {
    await page.getByLabel('Paste text').fill('The tenant must pay the rent on time. '.repeat(20));
    await page.getByLabel('Document id (optional)').fill('too-long');
    await page.getByRole('button', { name: 'Compile' }).click();
    const notice = page.locator('.notice-error[data-status="413"]');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Too large for the engine (413)');
    expect((await api(engine.url, '/clauses?document_id=too-long', undefined, token)).total).toBe(0);
    await screenshot(page, '11-too-large');
  });

  it('says the engine does not answer when it has gone away', async () => {
    await engine.stop();
    await go(page, '#/clauses');
    const notice = page.locator('.notice-error[data-status="0"]');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('The engine does not answer');
    await page.locator('[data-testid=health]', { hasText: 'engine unreachable' }).waitFor();
    await screenshot(page, '12-engine-down');
  });
});
