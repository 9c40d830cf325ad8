import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Social Media Ads',
    description: 'Our advertising artwork for social media.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Social Media Ads">Our advertising artwork for social media.</PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
