import { Suspense, useCallback, useState } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { ProfileData } from '../../shared/api-types.ts';
import { useProfileData } from '../../api/profile-data.ts';
import { useSaveAgreement } from '../../api/agreement.ts';
import { useRuntimeConfig } from '../RuntimeConfigContext.tsx';
import { CookiesPrompt } from './CookiesPrompt.tsx';
import {
  readAgreementRecord,
  shouldShowCookiesPrompt,
  shouldShowTerms,
  writeAgreementRecord,
  type ConsentFacts,
} from './consent-rules.ts';

// Most sessions never show the terms dialog: PrimeReact Dialog and Checkbox load only when it is needed.
const TermsModal = lazyWithRetry(() => import('./TermsModal.tsx').then((module) => ({ default: module.TermsModal })));

/** How long the ticked Agree box shows before the dialog closes. */
const TERMS_CLOSE_DELAY_MS = 300;

function consentFacts(profile: ProfileData, claims: PortalClaims, currentVersion: string): ConsentFacts {
  return {
    isSuperUser: claims.isSuperUser || profile.isSuperUser,
    serverApproved: profile.userAgreement,
    serverVersion: profile.userAgreementVersion,
    record: readAgreementRecord(claims.sub),
    currentVersion,
  };
}

/** Terms modal and cookies prompt, decided once the profile is loaded. */
export function ConsentOverlays({ claims }: { claims: PortalClaims }) {
  const profile = useProfileData();
  if (profile.data === undefined) return null;
  return <LoadedConsentOverlays profile={profile.data} claims={claims} />;
}

function LoadedConsentOverlays({ profile, claims }: { profile: ProfileData; claims: PortalClaims }) {
  const { agreementVersion } = useRuntimeConfig();
  const saveAgreement = useSaveAgreement();
  const [agreedNow, setAgreedNow] = useState(false);
  // Both overlays are decided when the profile arrives; afterwards only the user's answer closes them.
  const [cookiesWanted] = useState(() => shouldShowCookiesPrompt(consentFacts(profile, claims, agreementVersion)));
  const [termsRequired] = useState(() => shouldShowTerms(consentFacts(profile, claims, agreementVersion)));

  const agree = () => {
    writeAgreementRecord(claims.sub, { version: agreementVersion, approved: true });
    saveAgreement.mutate({ version: agreementVersion, isApproved: true });
    // The ticked box stays in view a moment before the dialog fades out.
    window.setTimeout(() => setAgreedNow(true), TERMS_CLOSE_DELAY_MS);
  };

  const recordCookiesDismissed = useCallback(() => {
    const record = readAgreementRecord(claims.sub);
    writeAgreementRecord(claims.sub, {
      version: agreementVersion,
      approved: record?.approved ?? profile.userAgreement,
    });
  }, [claims.sub, agreementVersion, profile.userAgreement]);

  return (
    <>
      {termsRequired && (
        <Suspense fallback={null}>
          <TermsModal visible={!agreedNow} onAgree={agree} />
        </Suspense>
      )}
      {cookiesWanted && <CookiesPrompt onDismissed={recordCookiesDismissed} />}
    </>
  );
}
