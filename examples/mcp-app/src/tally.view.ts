import { mcpAppView } from '@armature/core/mcp-apps';

/**
 * The view the host renders `tally` results in. It loads nothing from outside (no CSP domains
 * to declare) and asks for a border.
 */
export const tallyView = mcpAppView('ui://word-tally/tally.html', {
  title: 'Word tally',
  description: 'A bar chart of the most frequent words of a text.',
  prefersBorder: true,
});

/**
 * The view's HTML. It speaks the MCP Apps protocol with its host over postMessage (JSON-RPC):
 * `ui/initialize`, then `ui/notifications/initialized`; the host then sends the tool's result
 * as `ui/notifications/tool-result`, which the view draws from `structuredContent`.
 */
export const TALLY_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Word tally</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 12px; }
  .row { display: flex; align-items: center; gap: 8px; margin: 2px 0; }
  .word { width: 8em; text-align: right; }
  .bar { background: #4a7dd9; height: 14px; }
</style>
</head>
<body>
<p id="summary">Waiting for the tool result…</p>
<div id="bars"></div>
<script>
  let nextId = 1;
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  function draw(result) {
    const tally = result && result.structuredContent;
    if (!tally) return;
    document.getElementById('summary').textContent = tally.words + ' words, ' + tally.distinct + ' distinct';
    const bars = document.getElementById('bars');
    bars.replaceChildren();
    const most = tally.top.length ? tally.top[0].count : 1;
    for (const entry of tally.top) {
      const row = document.createElement('div');
      row.className = 'row';
      const word = document.createElement('span');
      word.className = 'word';
      word.textContent = entry.word;
      const bar = document.createElement('span');
      bar.className = 'bar';
      bar.style.width = Math.round((entry.count / most) * 200) + 'px';
      row.append(word, bar, document.createTextNode(String(entry.count)));
      bars.append(row);
    }
  }
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id === 1 && message.result) send({ method: 'ui/notifications/initialized', params: {} });
    if (message.method === 'ui/notifications/tool-result') draw(message.params);
  });
  send({ id: nextId++, method: 'ui/initialize', params: { appInfo: { name: 'word-tally-view', version: '0.1.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' } });
</script>
</body>
</html>
`;
