// WebMCP (https://webmachinelearning.github.io/webmcp/): registers the site's two agent tools with the browser's
// model context, where there is one. The tool definitions come from the page (#webmcp-tools), generated from the
// same schemas as the REST API; each call goes to the REST endpoint, so the answers are the API's own.
(function registerWebMcpTools() {
  var context = (navigator && navigator.modelContext) || (document && document.modelContext);
  var data = document.getElementById('webmcp-tools');
  if (!context || typeof context.registerTool !== 'function' || !data) return;
  var tools;
  try {
    tools = JSON.parse(data.textContent || '[]');
  } catch (error) {
    return;
  }
  tools.forEach(function register(tool) {
    context.registerTool({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.readOnly },
      execute: function execute(input) {
        return fetch(tool.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(input || {}),
        }).then(function answer(response) {
          return response.json().then(function wrap(body) {
            return {
              content: [{ type: 'text', text: JSON.stringify(body, null, 2) }],
              structuredContent: body,
              isError: !response.ok,
            };
          });
        });
      },
    });
  });
})();
