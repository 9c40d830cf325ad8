import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your personal data.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Privacy Policy">How we collect, use and protect your personal data.</PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
