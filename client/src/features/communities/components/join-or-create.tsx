import KeyRound from 'lucide-react/icons/key-round';
import Sparkles from 'lucide-react/icons/sparkles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useT } from '@/i18n';
import { CreateCommunityForm } from './create-community-form';
import { JoinCommunityForm } from './join-community-form';

/** The 'Join Community' and 'Create Community' tabs of /community-access. */
export function JoinOrCreate({ hasCommunities }: { hasCommunities: boolean }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasCommunities ? t('Join or create another community') : t("You're not part of a community yet")}</CardTitle>
        <CardDescription>
          {t('Steadfast communities are invitation-only. Join one with the invitation code your leader gave you, or create your own and invite others.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="join">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="join" className="gap-2">
              <KeyRound className="size-4" aria-hidden="true" />
              {t('Join Community')}
            </TabsTrigger>
            <TabsTrigger value="create" className="gap-2">
              <Sparkles className="size-4" aria-hidden="true" />
              {t('Create Community')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="join">
            <JoinCommunityForm />
          </TabsContent>
          <TabsContent value="create">
            <CreateCommunityForm />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
