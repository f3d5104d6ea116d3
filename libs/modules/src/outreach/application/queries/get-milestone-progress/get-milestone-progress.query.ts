import { Query } from '@nestjs/cqrs';
import type { TMilestoneProgress } from '@app/contracts';

/** Verified fans and artists so far, and each milestone's threshold and when it was reached. */
export class GetMilestoneProgress extends Query<TMilestoneProgress> {}
