// biome-ignore lint/suspicious/noExplicitAny: walks arbitrary JSON schema documents
type Json = Record<string, any>;

const escapeHtml = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Prose of a description: escaped, with Markdown's `code` spans rendered as code. */
const prose = (text: unknown): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop();
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema.enum)
    return schema.enum.map((value: unknown) => `<code>${escapeHtml(value)}</code>`).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items)}`;
  const bounds = [
    schema.minimum !== undefined ? `&ge; ${schema.minimum}` : '',
    schema.maximum !== undefined ? `&le; ${schema.maximum}` : '',
  ].filter(Boolean);
  return `${escapeHtml(Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any'))}${bounds.length ? ` (${bounds.join(', ')})` : ''}`;
}

function propertiesTable(schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries(properties)
    .map(
      ([name, property]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' *' : ''}</td><td>${typeOf(property)}</td><td>${
          property.default !== undefined ? `<code>${escapeHtml(JSON.stringify(property.default))}</code>` : ''
        }</td><td>${prose(property.description)}</td></tr>`,
    )
    .join('');
  return rows
    ? `<table><tr><th>field</th><th>type</th><th>default</th><th>description</th></tr>${rows}</table>`
    : '';
}

/** A self-contained HTML API reference rendered from the OpenAPI document (no scripts, no network). */
export function renderDocsPage(document: Json, jsonPath = '/openapi.json'): string {
  const operations = Object.entries(document.paths as Record<string, Json>)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]: [string, Json]) => {
        const parameters = (operation.parameters ?? []) as Json[];
        const parameterRows = parameters
          .map(
            (parameter) =>
              `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${typeOf(parameter.schema)}</td><td>${prose(parameter.description)}</td></tr>`,
          )
          .join('');
        const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
        const example = operation.requestBody?.content?.['application/json']?.example;
        const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>)
          .map(
            ([status, response]) =>
              `<li><b>${escapeHtml(status)}</b> ${prose(response.description)} ${typeOf(response.content?.['application/json']?.schema ?? response.content?.['text/event-stream']?.schema)}</li>`,
          )
          .join('');
        return `<section id="${escapeHtml(`${method}-${path}`)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(operation.summary)}. ${prose(operation.description ?? '')}</p>
${operation.operationId ? `<p>operationId <code>${escapeHtml(operation.operationId)}</code></p>` : ''}
${example ? `<p>Example body:</p><pre><code>${escapeHtml(JSON.stringify(example, null, 2))}</code></pre>` : ''}
${parameterRows ? `<table><tr><th>parameter</th><th>in</th><th>type</th><th>description</th></tr>${parameterRows}</table>` : ''}
${requestSchema ? `<p>Body: ${typeOf(requestSchema)}</p>` : ''}<ul>${responses}</ul></section>`;
      }),
    )
    .join('\n');
  const schemas = Object.entries((document.components?.schemas ?? {}) as Record<string, Json>)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><p>${prose(schema.description)}</p>${propertiesTable(schema)}</section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info?.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}.method{background:#234;color:#fff;padding:0 .4rem;border-radius:3px}code{background:#f4f4f4}pre{background:#f4f4f4;padding:.5rem;overflow:auto}</style></head>
<body><h1>${escapeHtml(document.info?.title)}</h1><p>${prose(document.info?.description)}</p>
<p>Machine-readable: <a href="${escapeHtml(jsonPath)}">${escapeHtml(jsonPath)}</a> (OpenAPI ${escapeHtml(document.openapi)}). Errors answer <code>{ "error": { "code", "message", "details"? } }</code>.</p>
<h2>Routes</h2>${operations}<h2>Schemas</h2>${schemas}</body></html>`;
}
