/** Above this pair ratio to the previous release, a workload is flagged as slower. */
export const RELEASE_FLAG = 1.05;
