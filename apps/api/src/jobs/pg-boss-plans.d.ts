// pg-boss ships no types for its SQL builders; job-queue.ts needs two of them.
declare module 'pg-boss/src/plans.js' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
