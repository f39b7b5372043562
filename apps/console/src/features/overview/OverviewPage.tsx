import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { SalesSection } from '../orders/SalesSection.js';
import { useOverview } from './api.js';
import { DailyChart } from './DailyChart.js';
import { SetupChecklist } from './SetupChecklist.js';

/** The site at a glance: the setup checklist while it is wanted, members by status, daily sign-ups and sign-ins, failed sign-ins, mail trouble. */
export function OverviewPage({ siteId }: { siteId: string }) {
  const { data: overview, error } = useOverview(siteId);

  return (
    <>
      <PageHeading>Overview</PageHeading>
      <SetupChecklist siteId={siteId} />
      <Notice error={error?.message} />
      {!overview && !error && <p role="status">Loading the overview…</p>}
      {overview && (
        <>
          <SalesSection siteId={siteId} />
          <section aria-labelledby="members-heading">
            <h2 id="members-heading">Members</h2>
            <dl className="stats">
              <div>
                <dt>Active</dt>
                <dd>{overview.membersByStatus.ACTIVE}</dd>
              </div>
              <div>
                <dt>Waiting for approval</dt>
                <dd>
                  {overview.membersByStatus.PENDING > 0 ? (
                    <Link to="/members">{String(overview.membersByStatus.PENDING)}</Link>
                  ) : (
                    0
                  )}
                </dd>
              </div>
              <div>
                <dt>Blocked</dt>
                <dd>{overview.membersByStatus.BLOCKED}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="activity-heading">
            <h2 id="activity-heading">Sign-ups and sign-ins</h2>
            <DailyChart days={overview.days} />
          </section>
          <section aria-labelledby="attention-heading">
            <h2 id="attention-heading">Needs attention</h2>
            <dl className="stats">
              <div>
                <dt>Failed sign-ins, last 24 hours</dt>
                <dd>{overview.failedSignIns.last24Hours}</dd>
              </div>
              <div>
                <dt>Failed sign-ins, last 30 days</dt>
                <dd>{overview.failedSignIns.last30Days}</dd>
              </div>
              <div>
                <dt>Mail waiting</dt>
                <dd>{overview.mail.waiting}</dd>
              </div>
              <div>
                <dt>Mail failing</dt>
                <dd>
                  {overview.mail.failing + overview.mail.failed > 0 ? (
                    <Link to="/mail">{String(overview.mail.failing + overview.mail.failed)}</Link>
                  ) : (
                    0
                  )}
                </dd>
              </div>
            </dl>
          </section>
        </>
      )}
    </>
  );
}
