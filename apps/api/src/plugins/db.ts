import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's kind and lifecycle; services reach the database through `app.deps.db`. */
    database: Database;
  }
}

/**
 * Keeps the opened database with the app and closes it when the app closes: the job queue first
 * (running jobs finish, polling stops), then the connections it was using.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, { database, jobs }: { database: Database; jobs: JobQueue }) => {
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await jobs.stop();
      await database.close();
    });
  },
);
