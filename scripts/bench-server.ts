// The real server for the benchmark, started in a child process that reports its port.
import { loadConfig } from '../src/config';
import { closeOnSignals, startServer } from '../src/server';

const server = await startServer(loadConfig(), { logger: false });
closeOnSignals(server);
process.send?.({ port: server.port });
