// mcp-use sends anonymized telemetry unless told not to; these tests reach no network.
// Imported before mcp-use so the flag is set when its telemetry singleton first looks.
process.env.MCP_USE_ANONYMIZED_TELEMETRY = 'false';
