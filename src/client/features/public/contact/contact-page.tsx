import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Contact Us',
    description: 'Phone, e-mail and opening hours for selling your car to us.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Contact Us">Questions about selling your car? Our team is here to help.</PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
