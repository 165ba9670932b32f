import type { ScaffoldFeatures } from './scaffold-features';

/** The commands to run after scaffolding into `shownDir` (as the user should type it). */
export function nextSteps(shownDir: string, features: ScaffoldFeatures): string[] {
  const start = features.nestjs
    ? ['  npm start            # NestJS: MCP at http://127.0.0.1:3000/mcp, REST at /greet']
    : features.redis
      ? ['  npm start            # Streamable HTTP on port 3000, state in Redis at REDIS_URL; see README.md']
      : [
          '  npm start            # serves over stdio; see README.md',
          ...(features.http ? ['  npm run start:http   # Streamable HTTP at http://127.0.0.1:3000/mcp'] : []),
          ...(features.ws ? ['  npm run start:ws     # WebSocket at ws://127.0.0.1:3001/mcp'] : []),
        ];
  return ['Next:', `  cd ${shownDir}`, '  npm install', '  npm run build && npm test', ...start];
}
