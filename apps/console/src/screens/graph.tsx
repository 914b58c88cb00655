import type { Core, LayoutOptions } from 'cytoscape';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { queryString } from '../api';
import { useConsole, useLoad } from '../app-context';
import { Empty, ErrorNotice, LabelBadge, Loading } from '../components';
import { EDGE_COLORS, MOOD_COLORS, PROCESS_COLORS } from '../palette';
import { hrefOf, navigate, type Route } from '../router';
import type { GraphEdge, GraphNode } from '../wire-types';
import { summarizeDocuments } from './documents';

type ColorBy = 'mood' | 'process_type';

const documentOrder = (a: GraphNode, b: GraphNode) => a.sentence_index - b.sentence_index;

/** A circle in document order (elements are added in that order) for small graphs, cose for larger ones. */
function layoutFor(nodes: number): LayoutOptions {
  if (nodes <= 40)
    return { name: 'circle', padding: 50, startAngle: -Math.PI / 2, animate: false } as LayoutOptions;
  return { name: 'cose', animate: false, randomize: false, padding: 30 } as LayoutOptions;
}

/** The clause graph of a document (Cytoscape.js, loaded on first use); a click opens the clause. */
export function GraphScreen({ route }: { route: Route }) {
  const { client } = useConsole();
  const documentId = route.query.get('document') ?? '';
  const colorBy: ColorBy = route.query.get('color') === 'process_type' ? 'process_type' : 'mood';
  const [showStructural, setShowStructural] = useState(true);
  const [showSemantic, setShowSemantic] = useState(true);
  const documents = useLoad(() => client.get<GraphNode[]>('/graph/nodes').then(summarizeDocuments), [client]);
  const chosen = documentId || documents.data?.[0]?.id || '';
  const graph = useLoad(async () => {
    if (!chosen) return null;
    const query = queryString({ document_id: chosen });
    const [nodes, edges] = await Promise.all([
      client.get<GraphNode[]>(`/graph/nodes${query}`),
      client.get<GraphEdge[]>(`/graph/edges${query}`),
    ]);
    const ids = new Set(nodes.map((node) => node.id));
    return { nodes, edges: edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)) };
  }, [client, chosen]);
  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const [drawError, setDrawError] = useState<unknown>(null);

  const colors = colorBy === 'mood' ? MOOD_COLORS : PROCESS_COLORS;
  const counts = useMemo(() => {
    const edges = graph.data?.edges ?? [];
    return {
      structural: edges.filter((edge) => edge.type === 'structural').length,
      semantic: edges.filter((edge) => edge.type === 'semantic').length,
    };
  }, [graph.data]);

  useEffect(() => {
    const data = graph.data;
    if (!data || !container.current || data.nodes.length === 0) return;
    let cancelled = false;
    import('cytoscape').then(
      ({ default: cytoscape }) => {
        if (cancelled || !container.current) return;
        cyRef.current?.destroy();
        const cy = cytoscape({
          container: container.current,
          elements: [
            ...[...data.nodes].sort(documentOrder).map((node) => ({
              data: {
                id: node.id,
                label: node.label.length > 26 ? `${node.label.slice(0, 24)}…` : node.label,
                color: (colors as Record<string, string>)[node[colorBy]] ?? '#777',
              },
            })),
            ...data.edges.map((edge, index) => ({
              data: {
                id: `e${index}`,
                source: edge.source,
                target: edge.target,
                type: edge.type,
                width: edge.type === 'semantic' ? 0.5 + edge.weight * 2.5 : 2,
              },
            })),
          ],
          style: [
            {
              selector: 'node',
              style: {
                'background-color': 'data(color)',
                label: 'data(label)',
                'font-size': 11,
                'text-wrap': 'ellipsis',
                'text-max-width': '140px',
                'text-valign': 'bottom',
                'text-margin-y': 3,
                color: '#222',
                width: 18,
                height: 18,
                'border-width': 1,
                'border-color': '#fff',
              },
            },
            {
              selector: 'edge[type = "structural"]',
              style: {
                'line-color': EDGE_COLORS.structural,
                'target-arrow-color': EDGE_COLORS.structural,
                'target-arrow-shape': 'triangle',
                'curve-style': 'bezier',
                width: 'data(width)',
              },
            },
            {
              selector: 'edge[type = "semantic"]',
              style: {
                'line-color': EDGE_COLORS.semantic,
                'line-style': 'dashed',
                'curve-style': 'bezier',
                opacity: 0.6,
                width: 'data(width)',
              },
            },
          ],
          // Cytoscape's own layouts: a circle in document order while it stays readable, cose beyond.
          layout: layoutFor(data.nodes.length),
          minZoom: 0.15,
          maxZoom: 1.3,
          wheelSensitivity: 0.3,
        });
        cy.on('tap', 'node', (event) =>
          navigate(hrefOf(['documents', chosen], { clause: event.target.id() })),
        );
        cy.on('mouseover', 'node', () => {
          if (container.current) container.current.style.cursor = 'pointer';
        });
        cy.on('mouseout', 'node', () => {
          if (container.current) container.current.style.cursor = '';
        });
        cyRef.current = cy;
        // A handle for debugging in the browser console and for the end-to-end tests.
        (window as unknown as { caeConsoleGraph?: Core }).caeConsoleGraph = cy;
      },
      (error: unknown) => setDrawError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [graph.data, colorBy, chosen, colors]);

  useEffect(() => () => cyRef.current?.destroy(), []);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.edges('[type = "structural"]').style('display', showStructural ? 'element' : 'none');
    cy.edges('[type = "semantic"]').style('display', showSemantic ? 'element' : 'none');
  }, [showStructural, showSemantic, graph.data, colorBy]);

  const go = (query: Record<string, string>) =>
    navigate(hrefOf(['graph'], { document: chosen, color: colorBy, ...query }));

  return (
    <div>
      <div class="row spread">
        <h2>Clause graph</h2>
        <div class="row">
          <label>
            document{' '}
            <select
              class="narrow"
              value={chosen}
              onChange={(event) => go({ document: event.currentTarget.value })}
            >
              {(documents.data ?? []).map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.id} ({doc.clauses})
                </option>
              ))}
              {documentId && !documents.data?.some((doc) => doc.id === documentId) && (
                <option value={documentId}>{documentId}</option>
              )}
            </select>
          </label>
          <label>
            colour by{' '}
            <select value={colorBy} onChange={(event) => go({ color: event.currentTarget.value })}>
              <option value="mood">mood</option>
              <option value="process_type">process type</option>
            </select>
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={showStructural}
              onChange={(event) => setShowStructural(event.currentTarget.checked)}
            />
            structural ({counts.structural})
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={showSemantic}
              onChange={(event) => setShowSemantic(event.currentTarget.checked)}
            />
            semantic ({counts.semantic})
          </label>
        </div>
      </div>
      <ErrorNotice error={documents.error ?? graph.error ?? drawError} onRetry={graph.reload} />
      {(documents.loading || graph.loading) && !graph.data && <Loading what="the graph" />}
      {documents.data && documents.data.length === 0 && !documentId && (
        <Empty>
          No documents are stored yet, so there is no graph. Compile one under{' '}
          <a href="#/documents">Documents</a>.
        </Empty>
      )}
      {graph.data && graph.data.nodes.length === 0 && <Empty>Document {chosen} has no stored clauses.</Empty>}
      {graph.data && graph.data.nodes.length > 0 && (
        <div class="graph-layout">
          <div>
            <div
              ref={container}
              class="graph-canvas"
              role="img"
              aria-label={`Clause graph of ${chosen}: ${graph.data.nodes.length} clauses, ${counts.structural} structural and ${counts.semantic} semantic edges. The list beside it opens each clause.`}
              data-testid="graph-canvas"
            />
            <ul class="legend-list" aria-label="Legend">
              {Object.entries(colors).map(([label, color]) => (
                <li key={label}>
                  <span class="dot" style={{ background: color }} aria-hidden="true" /> {label}
                </li>
              ))}
              <li>
                <span class="line solid" aria-hidden="true" /> structural (parent → child)
              </li>
              <li>
                <span class="line dashed" aria-hidden="true" /> semantic (similar meaning; thicker is closer)
              </li>
            </ul>
          </div>
          <nav aria-label="Clauses of the graph" class="node-list">
            <h3>Clauses ({graph.data.nodes.length})</h3>
            <ol>
              {[...graph.data.nodes].sort(documentOrder).map((node) => (
                <li key={node.id}>
                  <a href={hrefOf(['documents', chosen], { clause: node.id })}>{node.label}</a>{' '}
                  <LabelBadge kind={colorBy === 'mood' ? 'mood' : 'process'} value={node[colorBy]} />
                </li>
              ))}
            </ol>
          </nav>
        </div>
      )}
    </div>
  );
}
