import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Recently Purchased',
    description: 'Cars we have recently bought from private sellers.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Recently Purchased">Cars we have recently bought from sellers like you.</PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
