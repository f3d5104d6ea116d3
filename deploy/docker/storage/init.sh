#!/bin/sh
# One-shot set-up of the compose stack's Garage node, idempotent (safe on every `docker compose up`):
# a one-node layout, the api's access key, the bucket, its CORS (browsers PUT uploads straight to it
# and Uppy reads the ETag) and its lifecycle (unchecked uploads expire; abandoned multipart uploads
# are aborted), all through Garage's admin API (v2) and the S3 API.
set -eu
apk add --no-cache curl jq aws-cli >/dev/null

admin="http://storage:3903"
auth="Authorization: Bearer ${GARAGE_ADMIN_TOKEN}"
call() { curl -fsS -H "$auth" -H 'Content-Type: application/json' "$@"; }

echo "waiting for Garage..."
until curl -fsS "$admin/health" >/dev/null 2>&1 || call "$admin/v2/GetClusterStatus" >/dev/null 2>&1; do sleep 1; done

if [ "$(call "$admin/v2/GetClusterLayout" | jq '.roles | length')" = "0" ]; then
  node=$(call "$admin/v2/GetClusterStatus" | jq -r '.nodes[0].id')
  call -X POST "$admin/v2/UpdateClusterLayout" \
    -d "{\"roles\":[{\"id\":\"$node\",\"zone\":\"dc1\",\"capacity\":10000000000,\"tags\":[]}]}" >/dev/null
  version=$(call "$admin/v2/GetClusterLayout" | jq '.version + 1')
  call -X POST "$admin/v2/ApplyClusterLayout" -d "{\"version\":$version}" >/dev/null
  echo "layout applied (node $node)"
fi
until curl -fsS "$admin/health" >/dev/null 2>&1; do sleep 1; done

if ! call "$admin/v2/GetKeyInfo?id=${S3_ACCESS_KEY}" >/dev/null 2>&1; then
  call -X POST "$admin/v2/ImportKey" \
    -d "{\"accessKeyId\":\"${S3_ACCESS_KEY}\",\"secretAccessKey\":\"${S3_SECRET_KEY}\",\"name\":\"payola-api\"}" >/dev/null
fi
if ! call "$admin/v2/GetBucketInfo?globalAlias=${S3_BUCKET}" >/dev/null 2>&1; then
  call -X POST "$admin/v2/CreateBucket" -d "{\"globalAlias\":\"${S3_BUCKET}\"}" >/dev/null
fi
bucket=$(call "$admin/v2/GetBucketInfo?globalAlias=${S3_BUCKET}" | jq -r '.id')
call -X POST "$admin/v2/AllowBucketKey" \
  -d "{\"bucketId\":\"$bucket\",\"accessKeyId\":\"${S3_ACCESS_KEY}\",\"permissions\":{\"read\":true,\"write\":true,\"owner\":true}}" >/dev/null

export AWS_ACCESS_KEY_ID="$S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$S3_SECRET_KEY" AWS_DEFAULT_REGION="$S3_REGION"
s3() { aws --endpoint-url http://storage:3900 s3api "$@"; }
s3 put-bucket-cors --bucket "$S3_BUCKET" --cors-configuration file:///storage/cors.json
s3 put-bucket-lifecycle-configuration --bucket "$S3_BUCKET" --lifecycle-configuration file:///storage/lifecycle.json
echo "bucket ${S3_BUCKET} ready: CORS exposes ETag, lifecycle set"
